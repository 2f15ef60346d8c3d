import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseSignatureHeader, signatureManifest } from '../../shared/platform/notifications';

/**
 * Webhook signature (platform-notes "Notifications"): HMAC-SHA256 with the application's client_secret
 * over `id:DATA_ID;request-id:REQUEST_ID;ts:TS;`, sent as `x-signature: ts=SECONDS,v1=HEX`.
 * Node-only and free of sandbox state, so the app's main process can verify with the same code.
 */

export function signManifest(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, parts: { dataId: string; requestId: string; ts: string }): string {
  return `ts=${parts.ts},v1=${signManifest(secret, signatureManifest(parts))}`;
}

export interface VerifyInput {
  secret: string;
  /** The `x-signature` header. */
  signature: string | undefined;
  /** The `x-request-id` header. */
  requestId: string | undefined;
  /** The `data.id` query parameter of the request URL. */
  dataId: string | undefined;
  /** When given, a signature whose ts is further than this from `nowMs` is refused (replay guard). */
  toleranceSeconds?: number;
  nowMs?: number;
}

export type VerifyResult = { ok: true; ts: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'stale' };

export function verifyWebhookSignature(input: VerifyInput): VerifyResult {
  const parsed = parseSignatureHeader(input.signature);
  if (parsed === undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signManifest(input.secret, signatureManifest({ dataId: input.dataId, requestId: input.requestId, ts: parsed.ts })), 'hex');
  const given = Buffer.from(parsed.v1, 'hex');
  // Equal lengths first: timingSafeEqual throws otherwise, and a length mismatch is a plain mismatch.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'mismatch' };
  const ts = Number(parsed.ts);
  if (input.toleranceSeconds !== undefined && Math.abs((input.nowMs ?? Date.now()) / 1000 - ts) > input.toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, ts };
}
