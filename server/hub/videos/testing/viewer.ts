import { RTCPeerConnection, useVP8, type RtpPacket } from 'werift';

/** A WebRTC viewer, as an app's player is: a real peer connection that receives one video track. */
export interface Viewer {
  /** Its SDP offer, with every candidate gathered. */
  offerSdp: string;
  /** Applies the hub's answer: ICE and DTLS then connect. */
  accept(answerSdp: string): Promise<void>;
  /** The RTP packets of the track received so far. */
  packets: RtpPacket[];
  connection: RTCPeerConnection;
  close(): Promise<void>;
}

const onLoopback = (host: string) => host === '127.0.0.1';

/** Opens a viewer that asks for VP8 video and checks only loopback candidate pairs (tests contact no other address). */
export async function openViewer(): Promise<Viewer> {
  const connection = new RTCPeerConnection({
    codecs: { video: [useVP8()] },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceFilterCandidatePair: (pair) => onLoopback(pair.localCandidate.host) && onLoopback(pair.remoteCandidate.host),
  });
  connection.addTransceiver('video', { direction: 'recvonly' });
  const packets: RtpPacket[] = [];
  connection.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((packet) => packets.push(packet)));
  await connection.setLocalDescription(await connection.createOffer());
  await new Promise<void>((resolve) => {
    if (connection.iceGatheringState === 'complete') return resolve();
    connection.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
  });
  return {
    offerSdp: connection.localDescription!.sdp,
    accept: (answerSdp) => connection.setRemoteDescription({ type: 'answer', sdp: answerSdp }),
    packets,
    connection,
    close: () => connection.close(),
  };
}

