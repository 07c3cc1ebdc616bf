import { Writable } from 'node:stream';
import { setImmediate as turnEnd } from 'node:timers/promises';
import { corkPerTurn } from './tunnel-protocol.js';

/** A connection that records each write it is given: one entry per system call a socket would make. */
function recordingConnection() {
  const writes: string[][] = [];
  const connection = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
      done();
    },
  });
  return { connection, writes };
}

describe('corkPerTurn: the frames of one turn written together', () => {
  it('when frames are sent in one turn, then they are written in one write once the turn ends', async () => {
    const { connection, writes } = recordingConnection();
    const batch = corkPerTurn(connection);
    for (const frame of ['a', 'b', 'c']) {
      batch();
      connection.write(frame);
    }
    expect(writes).toEqual([]);
    await turnEnd();
    expect(writes).toEqual([['a', 'b', 'c']]);
  });

  it('when a frame is sent in a later turn, then it is written in that turn, on its own', async () => {
    const { connection, writes } = recordingConnection();
    const batch = corkPerTurn(connection);
    batch();
    connection.write('first');
    await turnEnd();
    batch();
    connection.write('second');
    await turnEnd();
    expect(writes).toEqual([['first'], ['second']]);
  });

  it('when a frame is sent inside a cork of its own (as ws writes a frame and its header), then it still waits for the turn', async () => {
    const { connection, writes } = recordingConnection();
    const batch = corkPerTurn(connection);
    for (const frame of ['1', '2']) {
      batch();
      connection.cork();
      connection.write(`header ${frame}`);
      connection.write(`payload ${frame}`);
      connection.uncork();
    }
    expect(writes).toEqual([]);
    await turnEnd();
    expect(writes).toEqual([['header 1', 'payload 1', 'header 2', 'payload 2']]);
  });
});
