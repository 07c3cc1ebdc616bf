import type { components } from '../../../generated/cloud/account.js';

/** A role an account may hold, as the contract names them (openapi/cloud/account/parameters/Role.yaml). */
export type Role = components['parameters']['Role'];

/** Keyed by Role, so that the compiler notices when the contract's list and this one part. */
const KNOWN: Record<Role, true> = { admin: true, app_reviewer: true, app_developer_trusted: true, installer: true };

export const ROLES = Object.keys(KNOWN) as Role[];

export const isRole = (name: string): name is Role => Object.hasOwn(KNOWN, name);

/** The roles a users row holds (stored as a JSON array). */
export const rolesOf = (row: { roles: string }) => JSON.parse(row.roles) as string[];
