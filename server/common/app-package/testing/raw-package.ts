import { gzipSync } from 'node:zlib';
import { Header } from 'tar';

/** A member as a tar header says it, unchecked: tar's own writer would strip `../` and leading slashes. */
export interface RawMember {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'FIFO';
  content?: string | Buffer;
  linkpath?: string;
}

/** A gzipped tar of these members as given, its two end blocks, then `after` (a little padding by default). */
export function rawPackage(members: readonly RawMember[], after: Buffer = Buffer.alloc(4096)): Buffer {
  const blocks: Buffer[] = [];
  for (const { path, type = 'File', content = '', linkpath } of members) {
    const body = Buffer.from(content);
    const header = Buffer.alloc(512);
    new Header({ path, type, size: body.length, mode: type === 'Directory' ? 0o755 : 0o644, mtime: new Date(0), linkpath }).encode(header, 0);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024), after]));
}
