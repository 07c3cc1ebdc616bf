import { existsSync, readdirSync, statfsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { components } from '../../../generated/hub/system.js';
import { DIAGNOSTICS_FOLDER } from './diagnostics.js';

export type Totals = components['schemas']['SystemTotals'];
export type MemoryInfo = components['schemas']['SystemMemory'];
export type StorageInfo = components['schemas']['SystemStorage'];

export function memoryTotals(): Totals {
  const total = os.totalmem();
  const free = os.freemem();
  return { total, free, used: total - free };
}

export function memoryInfo(): MemoryInfo {
  const totals = memoryTotals();
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    ...totals,
    types: {
      hub: { name: 'Hub', size: rss },
      system: { name: 'System and other processes', size: Math.max(0, totals.used - rss) },
    },
    process: { rss, heapTotal, heapUsed, external, arrayBuffers },
  };
}

/** The file system that holds the hub's data folder. */
export function storageTotals(dataDir: string): Totals {
  const { blocks, bfree, bavail, bsize } = statfsSync(dataDir);
  return { total: blocks * bsize, free: bavail * bsize, used: (blocks - bfree) * bsize };
}

const sizeOf = (folder: string, match: (name: string) => boolean) =>
  existsSync(folder) ? readdirSync(folder).filter(match).reduce((sum, name) => sum + statSync(path.join(folder, name)).size, 0) : 0;

export function storageInfo(dataDir: string): StorageInfo {
  const totals = storageTotals(dataDir);
  const database = sizeOf(dataDir, (name) => name.startsWith('hub.sqlite'));
  const diagnostics = sizeOf(path.join(dataDir, DIAGNOSTICS_FOLDER), () => true);
  return {
    ...totals,
    types: {
      database: { name: 'Hub database', size: database },
      diagnostics: { name: 'Heap snapshots', size: diagnostics },
      other: { name: 'System and other files', size: Math.max(0, totals.used - database - diagnostics) },
    },
  };
}
