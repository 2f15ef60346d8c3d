import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreApproval, PreApprovalPlan } from 'mercadopago';
import { Plan, Preapproval } from '../subscriptions/schemas';
import { startSdkSandbox, type SdkSandbox } from './sdk-support';

let t: SdkSandbox;
beforeAll(async () => {
  t = await startSdkSandbox();
});
afterAll(async () => {
  await t.close();
});

const recurring = { frequency: 1, frequency_type: 'months', transaction_amount: 10, currency_id: 'ARS' };

describe('subscriptions and plans through the official Node SDK', () => {
  it('a subscription: create, get, search by payer, update; its status moves only along the table', async () => {
    const client = new PreApproval(t.config());
    const created = Preapproval.parse(
      await client.create({
        body: {
          reason: 'Gym',
          external_reference: 'S01',
          payer_email: 'ana@example.com',
          auto_recurring: recurring,
          back_url: 'https://example.com/back',
          status: 'pending',
        },
      }),
    );
    expect(created).toMatchObject({ status: 'pending', reason: 'Gym', collector_id: 1001, application_id: 4815162342, auto_recurring: recurring });
    expect((await client.get({ id: created.id })).external_reference).toBe('S01');
    const found = await client.search({ options: { payer_id: created.payer_id } });
    expect(found.results?.map((item) => item.id)).toEqual([created.id]);
    const updated = await client.update({
      id: created.id,
      body: { reason: 'Gym+', status: 'authorized', auto_recurring: { transaction_amount: 20, currency_id: 'ARS' } },
    });
    expect(updated).toMatchObject({ reason: 'Gym+', status: 'authorized', auto_recurring: { transaction_amount: 20, frequency: 1 } });
    await client.update({ id: created.id, body: { status: 'cancelled' } });
    await expect(client.update({ id: created.id, body: { status: 'authorized' } })).rejects.toMatchObject({ status: 400 });
    expect((await fetch(created.init_point)).status).toBe(200);
  });

  it('a plan: create, get, search, update; a subscription to it takes its recurrence', async () => {
    const plans = new PreApprovalPlan(t.config());
    const plan = Plan.parse(await plans.create({ body: { reason: 'Yoga', back_url: 'https://example.com/back', auto_recurring: recurring } }));
    expect(plan).toMatchObject({ status: 'active', subscribed: 0 });
    expect((await plans.get({ preApprovalPlanId: plan.id })).reason).toBe('Yoga');
    expect((await plans.search({ options: { status: 'active' } })).results?.[0]?.id).toBe(plan.id);
    expect(await plans.update({ id: plan.id, updatePreApprovalPlanRequest: { reason: 'Yoga 2' } })).toMatchObject({ reason: 'Yoga 2' });
    const subscribed = await new PreApproval(t.config()).create({
      body: { reason: 'Yoga', payer_email: 'eva@example.com', preapproval_plan_id: plan.id, back_url: 'https://example.com/back' },
    });
    expect(subscribed.auto_recurring).toMatchObject(recurring);
    expect(Plan.parse(await plans.get({ preApprovalPlanId: plan.id })).subscribed).toBe(1);
  });
});
