import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A scratch tree for the up-to-date checks' tests: files written with the modification time they are given. */
export function datedFiles(prefix: string): { dir: string; file(name: string, seconds: number): void; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    dir,
    file(name, seconds) {
      const at = path.join(dir, name);
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, name);
      utimesSync(at, seconds, seconds);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
