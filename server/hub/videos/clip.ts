import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RtpHeader, RtpPacket } from 'werift';

/**
 * The demo camera's live view as encoded video: a 3 s loop of VP8 frames (640×360, 10 fps, a keyframe each second)
 * of the front door, a visitor walking past and a blinking LIVE mark, drawn as the camera's picture is
 * (server/hub/images/camera.ts). No VP8 encoder runs on this Node, so the frames were encoded once with ffmpeg and
 * ship as an IVF file (see make-clip.sh). Read at run time from the working folder, as the app catalogue is.
 */
export const CLIP_FILE = resolve('server/hub/videos/front-door.ivf');

export interface Clip {
  /** Time between two frames, in ms. */
  frameMs: number;
  frames: Buffer[];
}

const IVF_SIGNATURE = 'DKIF';
const FRAME_HEADER_BYTES = 12;

/** The frames of an IVF file (the libvpx container: a 32-byte header, then each frame's size, timestamp and bytes). */
export function readIvf(file: Buffer): Clip {
  if (file.toString('latin1', 0, 4) !== IVF_SIGNATURE || file.toString('latin1', 8, 12) !== 'VP80') throw new Error('Not a VP8 IVF file');
  const headerBytes = file.readUInt16LE(6);
  const rate = file.readUInt32LE(16);
  const scale = file.readUInt32LE(20);
  const frames: Buffer[] = [];
  for (let at = headerBytes; at + FRAME_HEADER_BYTES <= file.length; ) {
    const size = file.readUInt32LE(at);
    frames.push(file.subarray(at + FRAME_HEADER_BYTES, at + FRAME_HEADER_BYTES + size));
    at += FRAME_HEADER_BYTES + size;
  }
  return { frameMs: (1000 * scale) / rate, frames };
}

let clip: Clip | undefined;
/** The demo camera's clip, read once. */
export const cameraClip = (): Clip => (clip ??= readIvf(readFileSync(CLIP_FILE)));

/** RTP's clock rate for video. */
export const VIDEO_CLOCK_RATE = 90_000;
/** The largest RTP payload sent: well under a 1500-byte Ethernet frame once SRTP, UDP and IP headers are added. */
const MAX_PAYLOAD_BYTES = 1200;
/** RFC 7741's payload descriptor, one byte: S (start of a partition) set on a frame's first packet, partition 0. */
const START_OF_FRAME = 0x10;
const CONTINUATION = 0x00;

/**
 * Cuts VP8 frames into RTP packets as RFC 7741 says: each packet starts with the one-byte payload descriptor, and the
 * last packet of a frame carries the marker bit. The payload type and SSRC are the sender's to set.
 */
export class Vp8Packetizer {
  private sequenceNumber: number;

  constructor(firstSequenceNumber: number) {
    this.sequenceNumber = firstSequenceNumber;
  }

  packetize(frame: Buffer, timestamp: number): RtpPacket[] {
    const packets: RtpPacket[] = [];
    for (let at = 0; at < frame.length; at += MAX_PAYLOAD_BYTES) {
      const chunk = frame.subarray(at, at + MAX_PAYLOAD_BYTES);
      const marker = at + MAX_PAYLOAD_BYTES >= frame.length;
      const header = new RtpHeader({ sequenceNumber: this.sequenceNumber, timestamp: timestamp >>> 0, marker });
      this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff;
      packets.push(new RtpPacket(header, Buffer.concat([Buffer.from([at === 0 ? START_OF_FRAME : CONTINUATION]), chunk])));
    }
    return packets;
  }
}
