/**
 * The account service of npm run bench's sign-in row: as in production (argon2id at the default cost, SQLite) in a
 * fresh data folder, with one confidential client of the password grant and sign-ups unlimited (the bench makes
 * every account from one address). Prints `Account URL: <url>`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccountService } from '../server/cloud/account/service.js';
import { BENCH_CLIENT } from './bench-signin.js';

const service = await createAccountService({
  dataDir: mkdtempSync(path.join(tmpdir(), 'bench-account-')),
  clients: [{ ...BENCH_CLIENT, name: 'Bench', redirectUris: ['http://127.0.0.1/'], grants: ['password'], scopes: ['account'] }],
  mailer: () => undefined,
  limits: { signUps: { points: 1_000_000, durationMs: 60_000 } },
});
console.log(`Account URL: ${await service.listen(0)}`);
