import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** A valid cloud instance id (CLOUD_INSTANCE_ID): it names Redis channels, so no spaces or separators beyond these. */
export const INSTANCE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** An instance id when none is configured: the machine, the process and a few random bytes (a restart is a new instance). */
export const defaultInstanceId = () => `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(-64);
