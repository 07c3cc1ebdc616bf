/**
 * The one logger of every server: pino, one JSON line per entry on stderr, so that npm start's stdout keeps only the
 * lines tools read from it (`Hub URL: ...`, `Personal access token: ...`). Its level is LOG_LEVEL (default info;
 * under jest silent unless LOG_LEVEL is set). Secrets never reach it: credentials in headers, bodies and errors are
 * redacted wherever they sit in what is logged (`req.headers.authorization`, `body.password`, `err.token` ...).
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** Field names that hold a credential, redacted at the top level and up to two levels down. */
const SECRET_FIELDS = [
  'password', 'newPassword', 'oldPassword', 'token', 'access_token', 'refresh_token', 'id_token', 'client_secret',
  'secret', 'code_verifier', 'authorization', 'cookie', 'set-cookie', 'x-cloud-secret',
];
const nested = (field: string) => (/^[a-z_]\w*$/i.test(field) ? field : `["${field}"]`);
const dotted = (prefix: string, field: string) => (/^[a-z_]\w*$/i.test(field) ? `${prefix}.${field}` : `${prefix}["${field}"]`);

export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => [nested(field), dotted('*', field), dotted('*.*', field)]);
/** The same fields on a logged error and one level below it (`err.token`, `err.options.password`). */
export const ERROR_SECRET_PATHS = SECRET_FIELDS.flatMap((field) => [dotted('err', field), dotted('err.*', field)]);
export const REDACTED = '[redacted]';

/**
 * LOG_LEVEL when it is one of pino's; otherwise info, or silent under jest so that tests print only their own output.
 * The logger is made when this module loads, before npm start checks its settings: a wrong LOG_LEVEL is left to that
 * check's one line (scripts/start-settings.ts), not thrown from here.
 */
export function logLevel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOG_LEVEL && (env.LOG_LEVEL === 'silent' || Object.hasOwn(pino.levels.values, env.LOG_LEVEL))) return env.LOG_LEVEL;
  return env.JEST_WORKER_ID === undefined ? 'info' : 'silent';
}

/** A logger with the project's level and redaction, writing to `destination` (stderr by default). */
export function createLogger(destination: DestinationStream = pino.destination({ dest: 2, sync: true }), level = logLevel()): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: REDACTED } }, destination);
}

export const log: Logger = createLogger();
