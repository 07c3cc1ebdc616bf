import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './apis.js';

/** Runs a binary of node_modules/.bin (or any command) with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const local = path.join(root, 'node_modules', '.bin', command);
  return new Promise((resolve, reject) => {
    const child = spawn(local, args, { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
