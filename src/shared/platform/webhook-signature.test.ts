import { describe, expect, it } from 'vitest';
import { signatureHeader, signManifest, verifyWebhookSignature } from './webhook-signature';

/**
 * Known answers, computed outside this code with OpenSSL:
 *   printf '%s' 'id:a1b2c3;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1742505638;' | openssl dgst -sha256 -hmac 'TEST-webhook-secret'
 *     → 180f95db865e95966b317ae5f2972c368abb6581917fa955472e1847a3a9c523
 *   printf '%s' 'request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1742505638;' | openssl dgst -sha256 -hmac 'TEST-webhook-secret'
 *     → 714c93523cf2315dfcb6d1c14bd4e7f8e96cde289b112ba3f7128ef2f911832b
 */
const SECRET = 'TEST-webhook-secret';
const REQUEST_ID = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
const TS = '1742505638';
const WITH_ID = '180f95db865e95966b317ae5f2972c368abb6581917fa955472e1847a3a9c523';
const WITHOUT_ID = '714c93523cf2315dfcb6d1c14bd4e7f8e96cde289b112ba3f7128ef2f911832b';

describe('webhook signature (HMAC-SHA256 over id:…;request-id:…;ts:…;)', () => {
  it('signs the manifest to the known answer', async () => {
    expect(await signManifest(SECRET, `id:a1b2c3;request-id:${REQUEST_ID};ts:${TS};`)).toBe(WITH_ID);
  });

  it('lower-cases an alphanumeric data.id and leaves a missing one out of the manifest, as the platform does', async () => {
    expect(await signatureHeader(SECRET, { dataId: 'A1B2C3', requestId: REQUEST_ID, ts: TS })).toBe(`ts=${TS},v1=${WITH_ID}`);
    expect(await signatureHeader(SECRET, { dataId: '', requestId: REQUEST_ID, ts: TS })).toBe(`ts=${TS},v1=${WITHOUT_ID}`);
  });

  it('accepts the platform’s header and refuses any change to the id, request id, ts, secret or digest', async () => {
    const base = { secret: SECRET, signature: `ts=${TS},v1=${WITH_ID}`, requestId: REQUEST_ID, dataId: 'A1B2C3' };
    expect(await verifyWebhookSignature(base)).toEqual({ ok: true, ts: Number(TS) });
    expect(await verifyWebhookSignature({ ...base, signature: ` v1=${WITH_ID.toUpperCase()} , ts=${TS}` })).toEqual({ ok: true, ts: Number(TS) });
    expect(await verifyWebhookSignature({ ...base, dataId: 'a1b2c4' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifyWebhookSignature({ ...base, requestId: REQUEST_ID.replace('b', 'c') })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifyWebhookSignature({ ...base, signature: `ts=${Number(TS) + 1},v1=${WITH_ID}` })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifyWebhookSignature({ ...base, secret: 'another-secret' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifyWebhookSignature({ ...base, signature: `ts=${TS},v1=${WITH_ID.slice(0, 62)}` })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('calls a header it cannot read malformed', async () => {
    const base = { secret: SECRET, requestId: REQUEST_ID, dataId: 'a1b2c3' };
    for (const signature of [undefined, '', `v1=${WITH_ID}`, `ts=${TS}`, `ts=abc,v1=${WITH_ID}`, `ts=${TS},v1=xyz`, `ts=${TS},v1=${WITH_ID}0`]) {
      expect(await verifyWebhookSignature({ ...base, signature })).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a genuine signature outside the tolerance when one is asked for', async () => {
    const base = { secret: SECRET, signature: `ts=${TS},v1=${WITH_ID}`, requestId: REQUEST_ID, dataId: 'a1b2c3', toleranceSeconds: 300 };
    expect(await verifyWebhookSignature({ ...base, nowMs: (Number(TS) + 300) * 1000 })).toEqual({ ok: true, ts: Number(TS) });
    expect(await verifyWebhookSignature({ ...base, nowMs: (Number(TS) + 301) * 1000 })).toEqual({ ok: false, reason: 'stale' });
    expect(await verifyWebhookSignature({ ...base, nowMs: (Number(TS) - 301) * 1000 })).toEqual({ ok: false, reason: 'stale' });
  });
});
