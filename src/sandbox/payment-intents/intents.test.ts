import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { Payment, PaymentIntent } from '../../shared/platform/payments';
import { startTestSandbox, type TestSandbox } from '../checkout/test-support';
import { INTENT_STEP_MS } from './service';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.close();
});

describe('terminal payment intents (topic point_integration_ipn)', () => {
  it('goes OPEN → ON_TERMINAL → PROCESSING → FINISHED with an approved payment', async () => {
    const created = await t.call('POST', '/__sandbox/payment-intents', {
      body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 2550, description: 'Coffee', external_reference: 'T-1' },
      token: null,
    });
    expect(created.status, created.body).toBe(201);
    const intent = PaymentIntent.parse(created.json());
    const states: string[] = [intent.state];
    for (let step = 0; step < 3; step++) {
      await t.clock.advance(INTENT_STEP_MS);
      states.push(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json()).state);
    }
    expect(states).toEqual(['OPEN', 'ON_TERMINAL', 'PROCESSING', 'FINISHED']);
    const finished = PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json());
    const payment = Payment.parse((await t.call('GET', `/v1/payments/${finished.payment.id}`)).json());
    expect(payment).toMatchObject({ status: 'approved', transaction_amount: 25.5, external_reference: 'T-1', point_of_interaction: { type: 'POINT' } });
    expect((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`, { token: t.otherToken })).status).toBe(404);
  });

  it('can end CANCELED at the terminal, without a payment', async () => {
    const intent = PaymentIntent.parse(
      (
        await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000002', amount: 100, outcome: 'canceled' }, token: null })
      ).json(),
    );
    await t.clock.advance(10 * INTENT_STEP_MS);
    expect(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json())).toMatchObject({
      state: 'CANCELED',
      payment: { id: null },
    });
  });

  it('continues its states after a restart', async () => {
    const intent = PaymentIntent.parse(
      (await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 100 }, token: null })).json(),
    );
    await t.clock.advance(INTENT_STEP_MS);
    const snapshot = t.sandbox.snapshot();
    await t.close();
    t = await startTestSandbox({ clock: t.clock, state: snapshot });
    expect(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json()).state).toBe('ON_TERMINAL');
    await t.clock.advance(2 * INTENT_STEP_MS);
    expect(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json()).state).toBe('FINISHED');
  });

  it('refuses an unknown terminal and a bad amount', async () => {
    expect((await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NOPE__1', amount: 100 }, token: null })).status).toBe(404);
    const bad = await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 12.5 }, token: null });
    expect(PlatformErrorBody.parse(bad.json()).cause).toEqual([
      { code: 'property_type', description: 'amount must be an integer', data: { property: 'amount' } },
    ]);
  });
});
