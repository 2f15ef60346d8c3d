import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardToken, Customer, CustomerCard, IdentificationType, Payment, PaymentMethod, PaymentRefund, User } from 'mercadopago';
import { Refund } from '../../shared/platform/payments';
import { createManualClock } from '../../shared/clock';
import { createSandbox } from '../app';
import { startSdkSandbox, type SdkSandbox } from './sdk-support';

/** Card tokens, customers and cards, payment cancel/capture/refunds and the catalogues, through the official Node SDK. */

let t: SdkSandbox;
beforeAll(async () => {
  t = await startSdkSandbox();
});
afterAll(async () => {
  await t.close();
});

/** The platform's Argentine test Mastercard; the cardholder name picks the outcome. */
async function cardToken(name = 'APRO', number = '5031755734530604'): Promise<string> {
  const response = await t.call('POST', '/v1/card_tokens', {
    card_number: number,
    expiration_month: '11',
    expiration_year: '2030',
    security_code: '123',
    cardholder: { name, identification: { type: 'DNI', number: '12345678' } },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const pay = (token: string, extra: Record<string, unknown> = {}) =>
  new Payment(t.config()).create({ body: { transaction_amount: 100, installments: 1, token, payer: { email: 'buyer@example.com' }, ...extra } });

describe('card tokens and the documented test cards', () => {
  it.each([
    ['APRO', 'approved', 'accredited'],
    ['CONT', 'in_process', 'pending_contingency'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
    ['EXPI', 'rejected', 'cc_rejected_bad_filled_date'],
    ['FORM', 'rejected', 'cc_rejected_bad_filled_other'],
    ['BLAC', 'rejected', 'cc_rejected_blacklist'],
  ])('cardholder %s makes a %s payment (%s), the method taken from the card', async (name, status, detail) => {
    const payment = await pay(await cardToken(name));
    expect(payment).toMatchObject({ status, status_detail: detail, payment_method_id: 'master', payment_type_id: 'credit_card' });
    expect(payment.card).toMatchObject({ first_six_digits: '503175', last_four_digits: '0604', cardholder: { name } });
  });

  it('a token is spent by one payment and expires after seven days', async () => {
    const token = await cardToken();
    await pay(token);
    await expect(pay(token)).rejects.toMatchObject({ status: 400 });
    const read = await new CardToken(t.config()).get({ id: token });
    expect(read).toMatchObject({ status: 'used' });
    const late = await cardToken();
    await t.clock.advance(7 * 86_400_000);
    expect((await new CardToken(t.config()).get({ id: late })).status).toBe('expired');
    const refused = await t.call('POST', '/v1/payments', { transaction_amount: 5, token: late, payer: { email: 'a@b.co' } });
    expect(JSON.stringify(await refused.json())).toContain('2062');
  });

  it('refuses a card number that fails the Luhn check, and a payment without method or token', async () => {
    const response = await t.call('POST', '/v1/card_tokens', { card_number: '5031755734530605', expiration_month: 11, expiration_year: 2030 });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('E301');
    const noMethod = await t.call('POST', '/v1/payments', { transaction_amount: 5, payer: { email: 'a@b.co' } });
    expect(JSON.stringify(await noMethod.json())).toContain('payment_method_id is required');
  });
});

describe('payments: capture, cancel, refunds', () => {
  it('capture: false authorizes; a capture of less approves that amount', async () => {
    const payment = await pay(await cardToken(), { capture: false });
    expect(payment).toMatchObject({ status: 'authorized', status_detail: 'pending_capture', captured: false });
    const captured = await new Payment(t.config()).capture({ id: payment.id ?? 0, transaction_amount: 40 });
    expect(captured).toMatchObject({ status: 'approved', transaction_amount: 40, captured: true });
    await expect(new Payment(t.config()).capture({ id: payment.id ?? 0 })).rejects.toMatchObject({ status: 400 });
  });

  it('cancels a pending pix payment, and refuses to cancel an approved one', async () => {
    const pix = await new Payment(t.config()).create({ body: { transaction_amount: 10, payment_method_id: 'pix', payer: { email: 'a@b.co' } } });
    expect(await new Payment(t.config()).cancel({ id: pix.id ?? 0 })).toMatchObject({ status: 'cancelled', status_detail: 'by_collector' });
    const approved = await pay(await cardToken());
    await expect(new Payment(t.config()).cancel({ id: approved.id ?? 0 })).rejects.toMatchObject({ status: 400 });
  });

  it('refunds part, lists and reads the refunds, then the rest; the payment ends refunded', async () => {
    const payment = await pay(await cardToken());
    const refunds = new PaymentRefund(t.config());
    const part = Refund.parse(await refunds.create({ payment_id: payment.id ?? 0, body: { amount: 30 } }));
    expect(part).toMatchObject({ payment_id: payment.id, amount: 30, status: 'approved' });
    expect((await new Payment(t.config()).get({ id: payment.id ?? 0 })).status_detail).toBe('partially_refunded');
    const rest = Refund.parse(await refunds.total({ payment_id: payment.id ?? 0 }));
    expect(rest.amount).toBe(70);
    expect((await refunds.list({ payment_id: payment.id ?? 0 })).map((refund) => refund.id)).toEqual([part.id, rest.id]);
    expect((await refunds.get({ payment_id: payment.id ?? 0, refund_id: rest.id })).amount).toBe(70);
    expect((await new Payment(t.config()).get({ id: payment.id ?? 0 })).status).toBe('refunded');
    await expect(refunds.total({ payment_id: payment.id ?? 0 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('customers and their cards', () => {
  it('create, get, search, update, save a card, tokenize it again, remove', async () => {
    const customers = new Customer(t.config());
    const created = await customers.create({ body: { email: 'ana@example.com', first_name: 'Ana', identification: { type: 'DNI', number: '1' } } });
    expect(created).toMatchObject({ status: 'active', email: 'ana@example.com', user_id: 1001 });
    await expect(customers.create({ body: { email: 'ana@example.com' } })).rejects.toMatchObject({ status: 400 });
    expect((await customers.search({ options: { email: 'ana@example.com' } })).results?.[0]?.id).toBe(created.id);
    expect(await customers.update({ customerId: created.id ?? '', body: { last_name: 'Paz' } })).toMatchObject({ first_name: 'Ana', last_name: 'Paz' });

    const cards = new CustomerCard(t.config());
    const card = await cards.create({ customerId: created.id ?? '', body: { token: await cardToken() } });
    expect(card).toMatchObject({ customer_id: created.id, payment_method: { id: 'master' }, security_code: { length: 3 }, last_four_digits: '0604' });
    expect((await cards.list({ customerId: created.id ?? '' })).map((saved) => saved.id)).toEqual([card.id]);
    expect((await customers.get({ customerId: created.id ?? '' })).default_card).toBe(card.id);
    const token = await new CardToken(t.config()).create({ body: { card_id: card.id, security_code: '123' } });
    expect(token).toMatchObject({ card_id: card.id, status: 'active' });
    expect((await pay(token.id ?? '')).status).toBe('approved');
    expect(await cards.update({ customerId: created.id ?? '', cardId: card.id ?? '', body: { expiration_year: 2031 } })).toMatchObject({
      expiration_year: 2031,
    });
    expect((await cards.remove({ customerId: created.id ?? '', cardId: card.id ?? '' })).id).toBe(card.id);

    expect(await customers.remove({ customerId: created.id ?? '' })).toMatchObject({ status: 'deactive' });
    await expect(customers.get({ customerId: created.id ?? '' })).rejects.toMatchObject({ status: 404 });
  });

  it('keeps tokens, customers and cards across a restart (--state)', async () => {
    const customer = await new Customer(t.config()).create({ body: { email: 'kept@example.com' } });
    const token = await cardToken();
    // Through JSON, as the state file carries it.
    const snapshot = JSON.parse(JSON.stringify(t.sandbox.snapshot())) as Record<string, unknown>;
    const again = await createSandbox({ state: snapshot, tokenRateLimit: null, clock: createManualClock(t.clock.now()) });
    const headers = { authorization: `Bearer ${t.accessToken}`, host: '127.0.0.1' };
    const read = await again.app.inject({ method: 'GET', url: `/v1/customers/${customer.id ?? ''}`, headers });
    const tokenRead = await again.app.inject({ method: 'GET', url: `/v1/card_tokens/${token}`, headers });
    again.reset();
    const afterReset = await again.app.inject({ method: 'GET', url: `/v1/customers/${customer.id ?? ''}`, headers });
    await again.close();
    expect(read.json()).toMatchObject({ id: customer.id, email: 'kept@example.com' });
    expect(tokenRead.json()).toMatchObject({ id: token, status: 'active' });
    expect(afterReset.statusCode).toBe(401);
  });
});

describe('catalogues of the caller site and users/me', () => {
  it('payment methods, identification types and the account', async () => {
    const methods = await new PaymentMethod(t.config()).get();
    expect(methods.map((method) => method.id)).toEqual(expect.arrayContaining(['visa', 'master', 'rapipago']));
    expect(methods[0]).toMatchObject({ status: 'active', deferred_capture: 'supported' });
    const types = await new IdentificationType(t.config()).list();
    expect(types.map((type) => type.id)).toContain('DNI');
    expect(await new User(t.config()).get()).toMatchObject({ id: 1001, nickname: 'TIENDA_CENTRO', site_id: 'MLA', country_id: 'AR' });
  });
});
