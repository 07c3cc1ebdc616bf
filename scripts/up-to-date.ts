/**
 * Whether a build is newer than what it is made from, so that `npm start` skips the builds (form, docs, server bundle)
 * whose sources did not change since they were last made.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of the files at these paths, folders walked; 0 when none exists. */
export function newestMtime(paths: readonly string[], skip: (file: string) => boolean = () => false): number {
  let newest = 0;
  const visit = (file: string) => {
    if (skip(file) || !existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const file of paths) visit(file);
  return newest;
}

/** The build (one file) is current when it exists and is newer than every source (files or folders). */
export function isUpToDate(built: string, sources: readonly string[], skip?: (file: string) => boolean): boolean {
  return existsSync(built) && statSync(built).mtimeMs > newestMtime(sources, skip);
}
