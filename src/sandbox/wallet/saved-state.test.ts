import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../shared/clock';
import { createSandbox, type Sandbox } from '../app';
import { COUNTER } from '../oauth/testing';
import before from './state-before-flat-tokens.json';

/** Card tokens across a state file: one an older sandbox wrote loads, answers and saves as it did. */

const DAY = 86_400_000;
const opened: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()));
});

async function sandboxWithWallet(wallet: unknown): Promise<{ sandbox: Sandbox; clock: ManualClock; headers: Record<string, string> }> {
  const clock = createManualClock(before.saved_at);
  const first = await createSandbox({ clock, tokenRateLimit: null });
  opened.push(first);
  const granted = await first.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', ...COUNTER } });
  const accessToken = granted.json<{ access_token: string }>().access_token;
  // Through JSON, as the state file carries it; the wallet slice replaced by the one under test.
  const state = { ...(JSON.parse(JSON.stringify(first.snapshot())) as Record<string, unknown>), wallet };
  const sandbox = await createSandbox({ clock, tokenRateLimit: null, state });
  opened.push(sandbox);
  return { sandbox, clock, headers: { authorization: `Bearer ${accessToken}`, host: '127.0.0.1' } };
}

const [activeId, spentId, fromSavedCardId, withExtraId] = Object.keys(before.answers);

describe('card tokens in a state file', () => {
  it('a state file from before flat token entries loads, and each token answers byte for byte as it did then', async () => {
    const { sandbox, headers } = await sandboxWithWallet(structuredClone(before.wallet));
    for (const [id, answer] of Object.entries(before.answers)) {
      const read = await sandbox.app.inject({ method: 'GET', url: `/v1/card_tokens/${id}`, headers });
      expect(read.statusCode).toBe(200);
      expect(read.body).toBe(answer);
    }
    // Saved again, it is what was loaded (the member this sandbox does not write included).
    expect(JSON.parse(JSON.stringify(sandbox.snapshot()['wallet']))).toEqual(before.wallet);
  });

  it('a loaded token pays once, a used one is refused, and an unused one expires at its date_due', async () => {
    const { sandbox, clock, headers } = await sandboxWithWallet(structuredClone(before.wallet));
    const pay = (token: string | undefined) =>
      sandbox.app.inject({
        method: 'POST',
        url: '/v1/payments',
        headers: { ...headers, 'x-idempotency-key': `key-${token ?? ''}-${clock.now()}` },
        payload: { transaction_amount: 100, installments: 1, token, payer: { email: 'buyer@example.com' } },
      });
    const paid = await pay(activeId);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'approved', payment_method_id: 'master', card: { first_six_digits: '503175', last_four_digits: '0604' } });
    expect((await pay(spentId)).json()).toMatchObject({ status: 400, cause: [{ code: '2062' }] });

    clock.advance(7 * DAY);
    const expired = await sandbox.app.inject({ method: 'GET', url: `/v1/card_tokens/${fromSavedCardId}`, headers });
    expect(expired.json()).toMatchObject({ status: 'expired', card_id: '1700000000002' });
    expect((await pay(withExtraId)).json()).toMatchObject({ status: 400, cause: [{ code: '2062', description: 'Invalid card token: it is expired' }] });
  });

  it('tokens issued now survive a save and a load with every member', async () => {
    const { sandbox, clock, headers } = await sandboxWithWallet({ card_tokens: [], customers: [], cards: [], sequence: 0 });
    const issued = await sandbox.app.inject({
      method: 'POST',
      url: '/v1/card_tokens',
      headers,
      payload: { card_number: '5031755734530604', expiration_month: 11, expiration_year: 2030, cardholder: { name: 'FUND', identification: { type: 'DNI' } } },
    });
    expect(issued.statusCode).toBe(201);
    const id = issued.json<{ id: string }>().id;
    const read = await sandbox.app.inject({ method: 'GET', url: `/v1/card_tokens/${id}`, headers });
    expect(read.body).toBe(issued.body);

    const again = await createSandbox({
      clock: createManualClock(clock.now()),
      tokenRateLimit: null,
      state: JSON.parse(JSON.stringify(sandbox.snapshot())) as Record<string, unknown>,
    });
    opened.push(again);
    const reread = await again.app.inject({ method: 'GET', url: `/v1/card_tokens/${id}`, headers });
    expect(reread.json()).toEqual(issued.json());
    expect(reread.json()).toMatchObject({ cardholder: { name: 'FUND', identification: { type: 'DNI', number: null } } });
  });
});
