/**
 * Jest's globalSetup (jest.config.ts): only a folder for the form's end-to-end files to share one set of servers and
 * one Chromium in (servers.ts starts them there when the first of those files runs; a run without them starts
 * nothing). Plain JavaScript, as cheap as can be: every Jest run loads it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The environment variable that names the folder: Jest's workers inherit it. */
export const SHARED_FOLDER_VARIABLE = 'FORM_E2E_SHARED';

export default function createSharedFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'form-e2e-shared-'));
  // The keeper watches this process: gone without a teardown (a run killed), it stops what it started.
  writeFileSync(path.join(folder, 'jest.pid'), String(process.pid));
  process.env[SHARED_FOLDER_VARIABLE] = folder;
}
