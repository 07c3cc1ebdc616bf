import { operations } from '../../../generated/cloud/account.operations.js';
import type { Clock } from '../../http/clock.js';
import { ApiError, forbidden } from '../../http/errors.js';
import { sendJson } from '../../http/respond.js';
import type { RawRoute } from '../../http/router.js';
import { sameSecret } from '../../http/secrets.js';
import type { ContractValidator } from '../../http/validator.js';
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
export function regionRoutes(config: RegionConfig, db: AccountDb, clock: Clock, validator: ContractValidator, validateResponses: boolean): RawRoute[] {
  const region = config.region || null;
  const started = clock.now();
  const answer = (spec: (typeof operations)[keyof typeof operations]) => (req: Parameters<RawRoute['serve']>[0], res: Parameters<RawRoute['serve']>[1], body: unknown) => {
    if (validateResponses) validator.response(spec, body);
    sendJson(req, res, body);
  };
  const sendRegion = answer(operations.getRegion);
  const sendStatus = answer(operations.getSystemStatus);
  return [
    {
      spec: operations.getRegion,
      serve: async (req, res) => sendRegion(req, res, { region }),
    },
    {
      spec: operations.getSystemStatus,
      async serve(req, res) {
        const secret = req.headers[SECRET_HEADER];
        if (typeof secret !== 'string' || !secret) throw new ApiError(401, 'unauthorized', 'X-Cloud-Secret is required');
        if (!config.statusSecret || !sameSecret(secret, config.statusSecret)) throw forbidden('Wrong X-Cloud-Secret');
        await sql`select 1`.execute(db);
        sendStatus(req, res, { status: 'ok', database: 'ok', region, uptime: Math.floor((clock.now() - started) / 1000) });
      },
    },
  ];
}
