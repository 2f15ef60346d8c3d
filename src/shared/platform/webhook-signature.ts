import { parseSignatureHeader, signatureManifest } from './notifications';

/**
 * Webhook signatures (spec 6.3 leaves "signature or origin verification" not shown; the platform's
 * public webhooks page documents it): HMAC-SHA256 with the application's client_secret over the manifest
 * `id:DATA_ID;request-id:REQUEST_ID;ts:TS;`, sent as `x-signature: ts=SECONDS,v1=HEX`.
 *
 * One implementation for both sides: the sandbox signs with it and the app verifies with it. WebCrypto
 * only (no Node API), so it runs in main, in the sandbox and in a browser alike.
 */

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** undefined unless `hex` is an even number of hex digits (parseSignatureHeader already lower-cased it). */
function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** The lower-case hex HMAC-SHA256 of `manifest` under `secret`. */
export async function signManifest(secret: string, manifest: string): Promise<string> {
  const signature = await globalThis.crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(manifest));
  return toHex(signature);
}

export interface SignatureParts {
  dataId: string;
  requestId: string;
  /** Seconds since the epoch, as text. */
  ts: string;
}

/** The `x-signature` header the platform sends with a webhook. */
export async function signatureHeader(secret: string, parts: SignatureParts): Promise<string> {
  return `ts=${parts.ts},v1=${await signManifest(secret, signatureManifest(parts))}`;
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

export async function verifyWebhookSignature(input: VerifyInput): Promise<VerifyResult> {
  const parsed = parseSignatureHeader(input.signature);
  const given = parsed === undefined ? undefined : fromHex(parsed.v1);
  if (parsed === undefined || given === undefined) return { ok: false, reason: 'malformed' };
  const manifest = signatureManifest({ dataId: input.dataId, requestId: input.requestId, ts: parsed.ts });
  // subtle.verify compares in constant time and answers false (not an error) for a wrong length.
  const matches = await globalThis.crypto.subtle.verify('HMAC', await hmacKey(input.secret, 'verify'), given, encoder.encode(manifest));
  if (!matches) return { ok: false, reason: 'mismatch' };
  const ts = Number(parsed.ts);
  if (input.toleranceSeconds !== undefined && Math.abs((input.nowMs ?? Date.now()) / 1000 - ts) > input.toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, ts };
}
