import type { IncomingMessage } from 'node:http';
import { parse as parseContentType } from 'content-type';
import getRawBody from 'raw-body';
import { badRequest } from '../../../http/errors.js';

/** Form bodies above this answer 413. */
const FORM_LIMIT = '64kb';

/**
 * An `application/x-www-form-urlencoded` body as an object of strings; 400 for another media type or a field sent
 * twice (RFC 6749 §3.1: parameters must not repeat).
 */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let media = '';
  try {
    media = parseContentType(req.headers['content-type'] ?? '').type.toLowerCase();
  } catch {
    // an unreadable Content-Type is refused below like a wrong one
  }
  if (media !== 'application/x-www-form-urlencoded') throw badRequest('Send the body as application/x-www-form-urlencoded');
  const text = await getRawBody(req, { length: req.headers['content-length'], limit: FORM_LIMIT, encoding: 'utf-8' });
  const form: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(form, name)) throw badRequest(`The parameter ${name} is sent more than once`);
    form[name] = value;
  }
  return { ...form };
}

/** The client id and secret of an HTTP Basic Authorization header (RFC 6749 §2.3.1: each form-urlencoded). */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}
