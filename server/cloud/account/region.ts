import { operations } from '../../../generated/cloud/account.operations.js';
import type { Clock } from '../../http/clock.js';
import { ApiError, forbidden } from '../../http/errors.js';
import type { RawRoute } from '../../http/router.js';
import { sameSecret } from '../../http/secrets.js';
import { sql, type AccountDb } from './db.js';

export interface RegionConfig {
  /** The deployment's region (`eu`, `us` ...); unset, `GET /` answers `{ region: null }`. */
  region?: string;
  /** The operators' secret for `GET /api/system/status`; unset, the status answers 403 to everyone. */
  statusSecret?: string;
}

const SECRET_HEADER = 'x-cloud-secret';

/**
 * `GET /` (the region) and `GET /api/system/status` (health, for operators): served beside the dispatcher, because
 * the status reads its secret from a header, which the dispatcher does not pass to handlers.
 */
export function regionRoutes(config: RegionConfig, db: AccountDb, clock: Clock): RawRoute[] {
  const region = config.region || null;
  const started = clock.now();
  return [
    {
      api: 'account',
      spec: operations.getRegion,
      serve: async (_req, res) => void res.json({ region }),
    },
    {
      api: 'account',
      spec: operations.getSystemStatus,
      admit(req) {
        const secret = req.headers[SECRET_HEADER];
        if (typeof secret !== 'string' || !secret) throw new ApiError(401, 'unauthorized', 'X-Cloud-Secret is required');
        if (!config.statusSecret || !sameSecret(secret, config.statusSecret)) throw forbidden('Wrong X-Cloud-Secret');
      },
      async serve(_req, res) {
        await sql`select 1`.execute(db);
        res.json({ status: 'ok', database: 'ok', region, uptime: Math.floor((clock.now() - started) / 1000) });
      },
    },
  ];
}
