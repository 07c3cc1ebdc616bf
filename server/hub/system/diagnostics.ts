import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { components } from '../../../generated/hub/system.js';

export type GarbageCollection = components['schemas']['SystemGarbageCollection'];
export type HeapSnapshot = components['schemas']['SystemHeapSnapshot'];

export const DIAGNOSTICS_FOLDER = 'diagnostics';

let gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

/** The V8 collector, exposed at run time when the process was not started with --expose-gc. */
function collector(): () => void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  return gc;
}

export function collectGarbage(): GarbageCollection {
  const heapUsedBefore = process.memoryUsage().heapUsed;
  collector()();
  const heapUsedAfter = process.memoryUsage().heapUsed;
  return { heapUsedBefore, heapUsedAfter, freed: heapUsedBefore - heapUsedAfter };
}

/** Writes a heap snapshot into `<dataDir>/diagnostics`, removing older ones: snapshots are large. */
export function writeHeapSnapshot(dataDir: string, createdAt: Date): HeapSnapshot {
  const folder = path.join(dataDir, DIAGNOSTICS_FOLDER);
  mkdirSync(folder, { recursive: true });
  for (const old of readdirSync(folder)) if (old.endsWith('.heapsnapshot')) rmSync(path.join(folder, old), { force: true });
  const file = path.join(folder, `${createdAt.toISOString().replace(/[:.]/g, '-')}.heapsnapshot`);
  v8.writeHeapSnapshot(file);
  return { file: path.relative(dataDir, file), size: statSync(file).size, createdAt: createdAt.toISOString() };
}
