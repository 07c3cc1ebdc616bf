/**
 * The system programs some tests need, installed on a fresh machine by the README's one apt line (`.ci/run`
 * installs them all, so CI skips nothing). A suite that needs one runs when it is there, and is skipped otherwise,
 * with a line saying which program is missing and how to install it.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Debian's packages for everything the tests use beside Node: the README's set-up line (`.ci/run` installs the same). */
export const APT_LINE = 'sudo apt-get install -y chromium espeak-ng postgresql redis-server haproxy';

const runnable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Where the program is: itself when given as a path, else the first runnable file of that name on PATH. */
export function findProgram(name: string): string | undefined {
  if (path.isAbsolute(name)) return runnable(name) ? name : undefined;
  const folders = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return folders.map((folder) => path.join(folder, name)).find(runnable);
}

type Suite = (name: string, fn: () => void) => void;

/**
 * Jest's `describe` when `ready` is true; else the suite is skipped, with the reason printed and added to its title,
 * so that a skipped suite never passes for one that ran.
 */
export function describeWhen(ready: boolean, reason: string): Suite {
  if (ready) return describe;
  return (name, fn) => {
    console.warn(`Skipped "${name}": ${reason}`);
    describe.skip(`${name} (skipped: ${reason})`, fn);
  };
}

/** `describe` when the program is installed, else skipped with the apt line that installs it. */
export const describeWithProgram = (program: string) =>
  describeWhen(findProgram(program) !== undefined, `${program} is not installed (${APT_LINE} installs it)`);
