import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { components } from '../../../generated/cloud/store.js';
import { systemClock, type Clock } from '../../http/clock.js';

export type PaymentMethod = components['schemas']['PaymentMethod'];
export type PaymentEvent = components['schemas']['PaymentEvent'];

export interface ChargeRequest {
  /** The same key never charges twice: the provider answers the first charge's outcome again. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** A card's one-time token, made by the provider's checkout script. */
  token?: string;
  description: string;
}

export interface ChargeResult {
  paymentId: string;
  /** `pending`: the outcome comes later, through the webhook. */
  status: 'paid' | 'failed' | 'pending';
  reason?: string;
}

/** A purchase of a mobile app store as its receipt (App Store) or purchase token (Google Play) proves it. */
export interface VerifiedPurchase {
  id: string;
  sku: string;
  purchasedAt: string;
  expiresAt: string | null;
}

/** What the store needs of a payment provider; the simulated one below stands in for a real one. */
export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The purchase a receipt or token proves, or null when the provider does not recognise it. */
  verifyPurchase(proof: string): Promise<VerifiedPurchase | null>;
  /** Whether the webhook's `X-Payment-Signature` is the provider's for this event, made within the last 5 minutes. */
  verifyEvent(event: PaymentEvent, signature: string, nowMs: number): 'valid' | 'invalid' | 'stale';
}

const SIGNATURE_MAX_AGE_S = 5 * 60;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
/** Whether `given` is the hex HMAC `expected`, compared in constant time (Buffer.from would skip a stray character). */
const sameHmac = (given: string, expected: string) => /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
const signedText = (event: PaymentEvent, t: number) => `${t}.${event.id}.${event.type}.${event.paymentId}.${event.amount}.${event.currency}`;

/** `X-Payment-Signature` of an event at `t` (unix seconds): `t=<t>,v1=<HMAC-SHA256 hex>`. */
export const signEvent = (secret: string, event: PaymentEvent, t: number) => `t=${t},v1=${hmac(secret, signedText(event, t))}`;

export function verifySignature(secret: string, event: PaymentEvent, header: string, nowMs: number): 'valid' | 'invalid' | 'stale' {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  if (!Number.isInteger(t) || !sameHmac(parts.get('v1') ?? '', hmac(secret, signedText(event, t)))) return 'invalid';
  return Math.abs(nowMs / 1000 - t) > SIGNATURE_MAX_AGE_S ? 'stale' : 'valid';
}

/** Card tokens the simulated provider declines, with its reasons (as a real provider's test cards do). */
const DECLINED = new Map([
  ['tok_declined', 'Your card was declined'],
  ['tok_insufficient_funds', 'Your card has insufficient funds'],
  ['tok_expired', 'Your card has expired'],
]);

export interface SimulatedProviderOptions {
  /** The secret the provider signs its webhooks and receipts with, shared with the store. */
  secret: string;
  /** Where to send webhooks (the store's `/payment/webhook`); without it, pending payments wait for `settle`. */
  webhookUrl?: string;
  /** How long a pending payment (iDEAL, Bancontact, PayPal) takes before its webhook says it was paid; default never. */
  settleAfterMs?: number;
  /** Signs webhooks at, and settles payments by, this clock (the store's, in tests). */
  clock?: Clock;
}

/**
 * A payment provider in-process, for the demo and tests: cards are paid at once unless their token is a declined
 * one, other methods stay pending until the provider settles them and tells the store by a signed webhook (late,
 * as a real provider does). Its ledger records every charge, so that a double charge shows.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  /** Every charge made, in order: one per idempotency key. */
  readonly charges: Array<ChargeRequest & ChargeResult> = [];
  private readonly byKey = new Map<string, ChargeResult>();

  constructor(private readonly options: SimulatedProviderOptions) {}

  set webhookUrl(url: string) {
    this.options.webhookUrl = url;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const earlier = this.byKey.get(request.idempotencyKey);
    if (earlier) return earlier;
    const paymentId = `pay_${randomBytes(8).toString('hex')}`;
    const declined = request.method === 'card' ? DECLINED.get(request.token ?? '') : undefined;
    const result: ChargeResult =
      request.method !== 'card' ? { paymentId, status: 'pending' } : declined ? { paymentId, status: 'failed', reason: declined } : { paymentId, status: 'paid' };
    this.byKey.set(request.idempotencyKey, result);
    this.charges.push({ ...request, ...result });
    if (result.status === 'pending' && this.options.settleAfterMs !== undefined) {
      const clock = this.options.clock ?? systemClock;
      clock.at(clock.now() + this.options.settleAfterMs, () => void this.settle(paymentId, 'payment.paid').catch(() => undefined));
    }
    return result;
  }

  /** Sends the webhook of a pending payment's outcome (or of a refund); answers the store's status code. */
  async settle(paymentId: string, type: PaymentEvent['type'], reason?: string): Promise<number> {
    const charge = this.charges.find((candidate) => candidate.paymentId === paymentId);
    if (!charge || !this.options.webhookUrl) throw new Error(`No payment ${paymentId} or no webhook URL`);
    const event: PaymentEvent = { id: `evt_${randomBytes(8).toString('hex')}`, type, paymentId, amount: charge.amount, currency: charge.currency as PaymentEvent['currency'], ...(reason ? { reason } : {}) };
    const response = await fetch(this.options.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': signEvent(this.options.secret, event, Math.floor((this.options.clock ?? systemClock).now() / 1000)) },
      body: JSON.stringify(event),
    });
    return response.status;
  }

  /** A receipt of an app store purchase as the simulated app stores hand them out: its data, signed. */
  issueReceipt(purchase: VerifiedPurchase): string {
    const data = Buffer.from(JSON.stringify(purchase)).toString('base64url');
    return `sim.${data}.${hmac(this.options.secret, data)}`;
  }

  async verifyPurchase(proof: string): Promise<VerifiedPurchase | null> {
    const [prefix, data, signature] = proof.split('.');
    if (prefix !== 'sim' || !data || !signature) return null;
    if (!sameHmac(signature, hmac(this.options.secret, data))) return null;
    return JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as VerifiedPurchase;
  }

  verifyEvent(event: PaymentEvent, signature: string, nowMs: number) {
    return verifySignature(this.options.secret, event, signature, nowMs);
  }
}
