import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { MediaBody } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { refusedAddress, type OutboundAgents } from '../outbound/agents.js';
import type { NamedIcon } from './catalogue.js';
import type { IconsDb } from './db.js';
import { renderPng, requireRenderable } from './render.js';

/** The largest SVG stored, uploaded or fetched. */
export const SVG_LIMIT = 256 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface IconsState {
  db: IconsDb;
  /** What URL uploads are fetched through: public addresses only, unless the service's allow-list names others. */
  fetchAgents: OutboundAgents;
  clock: Clock;
  catalogue: readonly NamedIcon[];
}

const tooLarge = () => new ApiError(413, 'payload_too_large', `The SVG is larger than ${SVG_LIMIT} bytes`);

/** The SVG of a named or uploaded icon; 404 for an id that names none. */
async function svgOf(state: IconsState, iconId: string): Promise<string> {
  const named = state.catalogue.find((icon) => icon.id === iconId);
  if (named) return readFileSync(named.file, 'utf8');
  const row = await state.db.selectFrom('icons').select('svg').where('id', '=', iconId).executeTakeFirst();
  if (!row) throw notFound('Icon');
  return row.svg;
}

export async function iconPng(state: IconsState, iconId: string, size = 32): Promise<MediaBody> {
  return { type: 'image/png', body: renderPng(await svgOf(state, iconId), size) };
}

/** Stores an SVG that renders; the same drawing keeps the one id (the start of its SHA-256). */
export async function storeIcon(state: IconsState, svg: string): Promise<{ id: string }> {
  requireRenderable(svg);
  const id = createHash('sha256').update(svg).digest('hex').slice(0, 24);
  await state.db
    .insertInto('icons')
    .values({ id, svg, created_at: new Date(state.clock.now()).toISOString() })
    .onConflict((c) => c.column('id').doNothing())
    .execute();
  return { id };
}

/** Reads a body of at most SVG_LIMIT bytes as text, cut off with a 413 past it. */
export async function readSvg(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > SVG_LIMIT) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The SVG at `url` (http or https only), within SVG_LIMIT and FETCH_TIMEOUT_MS, through `agents` (public addresses
 * only, checked after name resolution: the cloud must not be made to read its own network), following no redirect;
 * 400 when it cannot be read.
 */
export async function fetchSvg(url: string, agents: OutboundAgents): Promise<string> {
  const target = URL.canParse(url) ? new URL(url) : undefined;
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) throw badRequest('The url must be http or https');
  let response: IncomingMessage;
  try {
    response = await new Promise<IncomingMessage>((resolve, reject) => {
      const get = target.protocol === 'https:' ? httpsGet : httpGet;
      get(target, { agent: agents[target.protocol as keyof OutboundAgents], signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }, resolve).on('error', reject);
    });
  } catch (error) {
    throw badRequest(refusedAddress(error) ? 'The url must name a public address: loopback, private and link-local ones are refused' : 'The url could not be read');
  }
  if (response.statusCode !== 200) {
    response.resume();
    throw badRequest(`The url answered ${response.statusCode ?? 0}`);
  }
  return readSvg(response);
}
