import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment, Preference } from 'mercadopago';
import { PreferenceSearchResponse } from '../../shared/platform/search';
import { startSdkSandbox, type SdkSandbox } from './sdk-support';

/** What the official SDKs send and read where the sandbox once answered otherwise. */

let t: SdkSandbox;
beforeAll(async () => {
  t = await startSdkSandbox();
});
afterAll(async () => {
  await t.close();
});

describe('POST /oauth/token as the Go and Python SDKs send it', () => {
  it('takes the application from an access token sent as client_secret with no client_id', async () => {
    const response = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_secret: t.accessToken }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; user_id: number };
    expect(body.access_token).toMatch(/^APP_USR-4815162342-/);
    expect(body.user_id).toBe(1001);
  });

  it('still refuses a client_secret that is neither the secret nor a live token', async () => {
    const response = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_secret: 'APP_USR-1-010101-00-1' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('preferences as the SDKs read them', () => {
  it('answers the payer as name, surname and identification.type|number, and items with their defaults', async () => {
    const created = await new Preference(t.config()).create({
      body: {
        items: [{ id: 'sku', title: 'Tea', quantity: 1, unit_price: 10 }],
        payer: { name: 'Ana', surname: 'Gómez', email: 'ana@example.com', identification: { type: 'DNI', number: '30123456' } },
      },
    });
    const read = await new Preference(t.config()).get({ preferenceId: created.id ?? '' });
    expect(read.payer).toMatchObject({ name: 'Ana', surname: 'Gómez', identification: { type: 'DNI', number: '30123456' } });
    expect(read.items?.[0]).toMatchObject({ id: 'sku', category_id: '', currency_id: 'ARS', description: '' });
  });

  it('accepts the spec spelling (first_name…) and answers the same platform spelling', async () => {
    const response = await t.call('POST', '/checkout/preferences', {
      items: [{ title: 'Tea', quantity: 1, unit_price: 10 }],
      payer: { first_name: 'Eva', last_name: 'Paz', identification: { identification_type: 'DNI', identification_number: '1' } },
    });
    const body = (await response.json()) as { payer: unknown };
    expect(body.payer).toEqual({ name: 'Eva', surname: 'Paz', identification: { type: 'DNI', number: '1' } });
  });

  it('search elements carry shipping_mode and sponsor_id', async () => {
    const found = PreferenceSearchResponse.parse(await new Preference(t.config()).search());
    expect(found.elements[0]).toMatchObject({ shipping_mode: 'not_specified', sponsor_id: 0 });
  });
});

describe('POST /v1/payments as the SDKs send and read it', () => {
  it('a pix payment is a pending bank transfer with its QR code and ticket page; additional_info and payer.id come back', async () => {
    const payment = await new Payment(t.config()).create({
      body: {
        transaction_amount: 110,
        payment_method_id: 'pix',
        payer: { email: 'buyer@example.com' },
        additional_info: { items: [{ id: 'MLB1', title: 'Point Mini', quantity: 1, unit_price: 58.8 }] },
      },
    });
    expect(payment).toMatchObject({ payment_type_id: 'bank_transfer', status: 'pending', status_detail: 'pending_waiting_transfer' });
    expect(payment.payer?.id).toMatch(/^\d+$/);
    expect(payment.additional_info?.items?.[0]).toMatchObject({ id: 'MLB1', quantity: '1', unit_price: '58.8' });
    const data = payment.point_of_interaction?.transaction_data;
    expect(data?.qr_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(
      Buffer.from(data?.qr_code_base64 ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const page = await fetch(data?.ticket_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(data?.qr_code);
  });

  it('a ticket payment has a ticket_url and no QR', async () => {
    const payment = await new Payment(t.config()).create({ body: { transaction_amount: 50, payment_method_id: 'rapipago', payer: { email: 'a@b.co' } } });
    expect(payment.point_of_interaction?.transaction_data).toMatchObject({ qr_code: null, ticket_url: `${t.baseUrl}/payments/${payment.id}/ticket` });
  });

  it('takes issuer_id as a string of digits (Go) or a number, and answers it as a string', async () => {
    for (const issuer of ['310', 310]) {
      const response = await t.call('POST', '/v1/payments', {
        transaction_amount: 5,
        payment_method_id: 'visa',
        issuer_id: issuer,
        payer: { email: 'a@b.co' },
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { issuer_id: unknown }).issuer_id).toBe('310');
    }
    const wrong = await t.call('POST', '/v1/payments', { transaction_amount: 5, payment_method_id: 'visa', issuer_id: 'abc', payer: { email: 'a@b.co' } });
    expect(wrong.status).toBe(400);
  });

  it('reads Content-Type: application/json with no body as no body, not as malformed JSON', async () => {
    const response = await t.call('POST', '/v1/payments', undefined, { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('invalid payment');
  });
});
