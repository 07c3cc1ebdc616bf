import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import type { Tables } from './db.js';

/** A bridge or portal as the API shows it: apart from peripherals.ts, as hub records show their bridges too. */
export type PeripheralView = components['schemas']['Peripheral'];

export interface Details {
  name: string;
  model?: string;
  softwareVersion?: string;
}

export function peripheralView(row: Selectable<Tables['peripherals']>): PeripheralView {
  return {
    serial: row.serial,
    ...(JSON.parse(row.data) as Details),
    ownerId: row.owner_id,
    homeyId: row.hub_id,
    activated: row.activated_at !== null,
    ...(row.activated_at !== null ? { activatedAt: row.activated_at } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
