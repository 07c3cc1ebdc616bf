import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { APP_PACKAGE_LIMITS } from './limits.js';
import { readAppPackage, type PackageVisitor } from './read.js';
import { rawPackage } from './testing/raw-package.js';
import { REFUSED_MEMBERS, ZEROS_BOMB_REFUSAL } from './testing/refused-members.js';

const APP = [
  { path: 'app.json', content: '{"id":"com.example.a"}' },
  { path: 'assets', type: 'Directory' as const },
  { path: 'assets/icon.svg', content: '<svg/>' },
  { path: 'app.js', content: '' },
];

const MIB_OF_ZEROS = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });

/** Reads a package keeping every file; answers the files and folders seen. */
async function read(packed: Buffer | Readable, size = Buffer.isBuffer(packed) ? packed.length : 0) {
  const files = new Map<string, string>();
  const folders: string[] = [];
  const visitor: PackageVisitor = {
    wants: () => true,
    file: (path, content) => void files.set(path, content.toString()),
    folder: (path) => void folders.push(path),
  };
  const names = await readAppPackage(packed, size, visitor);
  return { names: [...names], files: Object.fromEntries(files), folders };
}

/** Serves `bytes` in chunks of `size`, counting what the reader took. */
function counted(bytes: Buffer, size = 1024) {
  let taken = 0;
  function* pieces() {
    for (let at = 0; at < bytes.length; at += size) {
      taken += Math.min(size, bytes.length - at);
      yield bytes.subarray(at, at + size);
    }
  }
  return { stream: Readable.from(pieces(), { objectMode: false, highWaterMark: size }), taken: () => taken };
}

describe('the app package reader', () => {
  it('when a package holds files and folders, then each is handed over with its content and the files are named', async () => {
    expect(await read(rawPackage(APP))).toEqual({
      names: ['app.json', 'assets/icon.svg', 'app.js'],
      files: { 'app.json': '{"id":"com.example.a"}', 'assets/icon.svg': '<svg/>', 'app.js': '' },
      folders: ['assets'],
    });
  });

  it('when the visitor places members asynchronously, then each is placed before the next is handed over, and the reading answers after the last', async () => {
    const steps: string[] = [];
    const later = (path: string) => {
      steps.push(`start ${path}`);
      return new Promise<void>((resolve) => setImmediate(() => resolve(void steps.push(`end ${path}`))));
    };
    await readAppPackage(rawPackage(APP), rawPackage(APP).length, { wants: () => true, file: later, folder: later });
    expect(steps).toEqual(['app.json', 'assets', 'assets/icon.svg', 'app.js'].flatMap((path) => [`start ${path}`, `end ${path}`]));
  });

  it.each(REFUSED_MEMBERS)('when a member %s, then the package is a 400 naming it', async (_what, member, refusal) => {
    await expect(read(rawPackage([...APP, member]))).rejects.toMatchObject({ statusCode: 400, message: refusal });
  });

  it('when non-zero data follows the end of the archive, then it is refused; zeros (padding) are not', async () => {
    await expect(read(rawPackage(APP, Buffer.from('hidden')))).rejects.toMatchObject({ statusCode: 400, message: 'The app package holds data after the end of its archive' });
    await expect(read(rawPackage(APP, Buffer.concat([Buffer.alloc(70_000), Buffer.from('x')])))).rejects.toMatchObject({ statusCode: 400 });
    expect((await read(rawPackage(APP, Buffer.alloc(20_000)))).names).toHaveLength(3);
    // In small pieces the archive's end falls inside one: found to the byte all the same.
    const hidden = rawPackage(APP, Buffer.concat([Buffer.alloc(3), Buffer.from('hidden')]));
    await expect(read(counted(hidden, 7).stream, hidden.length)).rejects.toMatchObject({ message: 'The app package holds data after the end of its archive' });
    const padded = rawPackage(APP, Buffer.alloc(3000));
    expect((await read(counted(padded, 7).stream, padded.length)).names).toHaveLength(3);
  });

  it('when a package is 40 MB of zeros gzipped (39 KB), then it is refused at 100 times its size', async () => {
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024), { level: 9 });
    await expect(read(bomb)).rejects.toMatchObject({ statusCode: 413, message: ZEROS_BOMB_REFUSAL });
  });

  it('when a package is a gzip bomb, then it is refused after inflating at most the limit, having taken a sliver of its bytes', async () => {
    // 512 MiB of zeros as 512 gzip members of 1 MiB each (a gzip stream may hold many): 0.5 MB packed.
    const bomb = Buffer.concat(Array.from({ length: 512 }, () => MIB_OF_ZEROS));
    const source = counted(bomb);
    await expect(read(source.stream, bomb.length)).rejects.toMatchObject({ statusCode: 413, message: 'The app package unpacks to more than 32 MB' });
    // Zeros inflate ~1,000 times: 32 MB inflated is ~32 KB taken, and a bounded read-ahead.
    expect(source.taken()).toBeLessThan(bomb.length / 8);
  });

  it('when a package declares more members, a larger member or more bytes than the limits, then 413 at the header', async () => {
    const big = { path: 'big.bin', content: Buffer.alloc(APP_PACKAGE_LIMITS.memberBytes + 1) };
    await expect(read(rawPackage([...APP, big]))).rejects.toMatchObject({ statusCode: 413, message: "The app package's big.bin is larger than 16 MB" });
    const many = Array.from({ length: APP_PACKAGE_LIMITS.members }, (_, i) => ({ path: `f${i}` }));
    await expect(read(rawPackage([...APP, ...many]))).rejects.toMatchObject({ statusCode: 413, message: 'The app package holds more than 10000 files and folders' });
    await expect(read(Buffer.alloc(1), APP_PACKAGE_LIMITS.packedBytes + 1)).rejects.toMatchObject({ statusCode: 413, message: 'The app package is larger than 32 MB' });
  });

  it('when the bytes are not a .tar.gz or hold no files, then 400', async () => {
    await expect(read(Buffer.from('not a tarball'))).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^The app package is not a valid \.tar\.gz archive/) });
    await expect(read(rawPackage([]))).rejects.toMatchObject({ statusCode: 400, message: 'The app package is not a valid .tar.gz archive: it holds no files' });
  });
});
