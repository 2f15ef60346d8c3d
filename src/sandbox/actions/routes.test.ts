import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { CONTENT_MAX_BYTES, CreatedTerminalAction, TerminalAction } from '../../shared/platform/terminal-actions';
import { createSandbox } from '../app';
import { IdempotencyStore } from '../idempotency';
import { ActionService } from './service';
import {
  customBody,
  errorOf,
  freshKey,
  imageBody,
  invoiceBody,
  jpegBase64,
  OTHER_USER_TERMINAL,
  pngBase64,
  SAMPLE_DTE,
  SAMPLE_RECEIPT,
  STANDALONE_TERMINAL,
  startHarness,
  TERMINAL_1,
  TERMINAL_2,
  type Harness,
} from './test-support';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function createdId(body: unknown = customBody(), options: { key?: string; token?: string } = {}): Promise<string> {
  const response = await h.create(body, options);
  expect(response.statusCode, response.body).toBe(201);
  return CreatedTerminalAction.parse(response.json()).id;
}

/** Moves an action to on_terminal through its terminal's refresh button. */
async function pickUp(terminal = TERMINAL_1): Promise<void> {
  const response = await h.terminalPost(terminal, '/refresh');
  expect(response.statusCode, response.body).toBe(200);
}

function expectError(response: { statusCode: number; json: () => unknown }, status: number, code: string): ReturnType<typeof PlatformErrorBody.parse> {
  expect(response.statusCode).toBe(status);
  const body = PlatformErrorBody.parse(response.json());
  expect(body).toMatchObject({ error: code, status });
  return body;
}

describe('POST /terminals/v1/actions (spec 4.3)', () => {
  it('creates a print action: 201 with id, type, external_reference, status created and config only', async () => {
    const body = customBody({ reference: 'venta_0001-A' });
    const response = await h.create(body);
    expect(response.statusCode).toBe(201);
    const created = response.json() as Record<string, unknown>;
    expect(Object.keys(created).sort()).toEqual(['config', 'external_reference', 'id', 'status', 'type']);
    expect(created).toMatchObject({
      type: 'print',
      external_reference: 'venta_0001-A',
      status: 'created',
      config: { point: { terminal_id: TERMINAL_1, subtype: 'custom' } },
    });
    expect(created['id']).toMatch(UUID);
  });

  it('accepts each subtype: custom, image (PNG and JPEG) and invoice', async () => {
    await createdId(customBody());
    await createdId(imageBody(pngBase64(40, 20), TERMINAL_2));
    await createdId(imageBody(jpegBase64(40, 20), 'PAX_A910__SBX0000003'));
    await h.terminalPost(TERMINAL_1, '/cancel');
    await createdId(invoiceBody());
  });
});

describe('spec 7.2: create errors, one test per row', () => {
  it('400 empty_required_header without X-Idempotency-Key (and with a blank one)', async () => {
    const token = await h.token();
    const missing = await h.sandbox.app.inject({
      method: 'POST',
      url: '/terminals/v1/actions',
      headers: { authorization: `Bearer ${token}` },
      payload: customBody(),
    });
    expect(expectError(missing, 400, 'empty_required_header').cause[0]?.description).toMatch(/X-Idempotency-Key/);
    const blank = await h.create(customBody(), { key: '   ' });
    expectError(blank, 400, 'empty_required_header');
  });

  it('checks the token before the header and the body: 401 wins over 400', async () => {
    const response = await h.sandbox.app.inject({
      method: 'POST',
      url: '/terminals/v1/actions',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectError(response, 401, 'unauthorized');
  });

  it('checks the header before the body: 400 empty_required_header wins over json_syntax_error', async () => {
    const token = await h.token();
    const response = await h.sandbox.app.inject({
      method: 'POST',
      url: '/terminals/v1/actions',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectError(response, 400, 'empty_required_header');
  });

  it('400 required_properties naming each missing property in cause', async () => {
    const body = customBody();
    delete body['external_reference'];
    delete (body['config'] as { point: Record<string, unknown> }).point['subtype'];
    const error = expectError(await h.create(body), 400, 'required_properties');
    expect(error.cause.map((cause) => (cause.data as { property: string }).property).sort()).toEqual(['config.point.subtype', 'external_reference']);
    expect(error.message).toContain('external_reference is required');
  });

  it('400 required_properties for a missing type or config.point.subtype, like any other missing field (spec 7.2)', async () => {
    const withoutType = customBody();
    delete withoutType['type'];
    const typeError = expectError(await h.create(withoutType), 400, 'required_properties');
    expect(typeError.cause).toEqual([{ code: 'required_properties', description: 'type is required', data: { property: 'type' } }]);
    const withoutSubtype = customBody();
    delete (withoutSubtype['config'] as { point: Record<string, unknown> }).point['subtype'];
    const subtypeError = expectError(await h.create(withoutSubtype), 400, 'required_properties');
    expect(subtypeError.message).toBe('config.point.subtype is required');
  });

  it('400 unsupported_properties naming each unknown property, nested ones by path', async () => {
    const body = { ...customBody(), priority: 'high', config: { point: { terminal_id: TERMINAL_1, subtype: 'custom', copies: 2 } } };
    const error = expectError(await h.create(body), 400, 'unsupported_properties');
    expect(error.cause.map((cause) => (cause.data as { property: string }).property).sort()).toEqual(['config.point.copies', 'priority']);
  });

  it('400 property_type for a wrongly typed property, naming it', async () => {
    const error = expectError(await h.create({ ...customBody(), external_reference: 123 }), 400, 'property_type');
    expect(error.cause).toEqual([expect.objectContaining({ code: 'property_type', data: { property: 'external_reference' } })]);
    expect(error.message).toMatch(/external_reference must be of type string, not number/);
    expectError(await h.create({ ...customBody(), config: 'NEWLAND' }), 400, 'property_type');
    expectError(await h.create([customBody()]), 400, 'property_type');
  });

  it('400 property_value for a value outside the rules, naming the property', async () => {
    const error = expectError(await h.create({ ...customBody(), config: { point: { terminal_id: TERMINAL_1, subtype: 'pdf' } } }), 400, 'property_value');
    expect(error.cause[0]).toMatchObject({ data: { property: 'config.point.subtype' } });
    expect(error.message).toMatch(/custom or image or invoice/);
  });

  it('reports the gravest kind in error when several are wrong, and lists all in cause', async () => {
    const body = { type: 'scan', external_reference: 5, config: { point: { terminal_id: TERMINAL_1, subtype: 'custom' } }, extra: true };
    const error = expectError(await h.create(body), 400, 'required_properties');
    expect(error.message).toBe('content is required');
    expect(error.cause.map((cause) => cause.code).sort()).toEqual(['property_type', 'property_value', 'required_properties', 'unsupported_properties']);
  });

  it('400 property_value for a type other than print', async () => {
    const error = expectError(await h.create({ ...customBody(), type: 'payment' }), 400, 'property_value');
    expect(error.cause[0]).toMatchObject({ data: { property: 'type' } });
    expect(error.message).toBe('type must be print');
  });

  it.each([
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'venta 1'],
    ['an accent', 'facturación'],
    ['a dot', 'ref.1'],
    ['nothing', ''],
  ])('400 property_value for an external_reference with %s (spec 8)', async (_name, reference) => {
    const error = expectError(await h.create(customBody({ reference })), 400, 'property_value');
    expect(error.cause[0]).toMatchObject({ data: { property: 'external_reference' } });
  });

  it('accepts an external_reference of exactly 64 characters of A-Z a-z 0-9 - _', async () => {
    await createdId(customBody({ reference: `Az09-_${'x'.repeat(58)}` }));
  });

  it('400 json_syntax_error for a body that is not JSON, whatever its content type', async () => {
    expectError(await h.create('{"type": "print",'), 400, 'json_syntax_error');
    const token = await h.token();
    const text = await h.sandbox.app.inject({
      method: 'POST',
      url: '/terminals/v1/actions',
      headers: { authorization: `Bearer ${token}`, 'x-idempotency-key': freshKey(), 'content-type': 'text/plain' },
      payload: 'print this',
    });
    expectError(text, 400, 'json_syntax_error');
  });

  it('400 invalid_data_xml for an invoice that is not well-formed XML', async () => {
    const error = expectError(await h.create(invoiceBody('<DTE><Documento></DTE>')), 400, 'invalid_data_xml');
    expect(error.cause[0]?.description).toMatch(/not well formed/);
  });

  it('400 invalid_data_xml for a DTE without a required element, naming the element', async () => {
    const withoutFolio = SAMPLE_DTE.replace('<Folio>60</Folio>', '');
    const error = expectError(await h.create(invoiceBody(withoutFolio)), 400, 'invalid_data_xml');
    expect(error.cause.map((cause) => (cause.data as { element: string }).element)).toContain('DTE/Documento/Encabezado/IdDoc/Folio');
  });

  it('400 invalid_data_xml, not a 500, for a DTE nested past 100 levels or binary garbage: a hostile invoice must not crash the XML reader', async () => {
    const deep = `<DTE>${'<a>'.repeat(101)}x${'</a>'.repeat(101)}</DTE>`;
    for (const content of [deep, '\u0000\uFFFE<\uD800>', `<DTE>${'<a b="c">'.repeat(5000)}`]) {
      const error = expectError(await h.create(invoiceBody(content)), 400, 'invalid_data_xml');
      expect(error.cause[0]?.data).toMatchObject({ element: 'xml' });
    }
  });

  it('400 "content is required" when content is absent (error required_properties)', async () => {
    const body = customBody();
    delete body['content'];
    const error = expectError(await h.create(body), 400, 'required_properties');
    expect(error.message).toBe('content is required');
    expect(expectError(await h.create({ ...customBody(), content: '' }), 400, 'required_properties').message).toBe('content is required');
  });

  it('400 "The content file size exceeds the limit 1MB" past 1 MB, not at exactly 1 MB', async () => {
    const over = expectError(await h.create(imageBody('A'.repeat(CONTENT_MAX_BYTES + 4))), 400, 'property_value');
    expect(over.message).toBe('The content file size exceeds the limit 1MB');
    // Multi-byte characters count as bytes: 524289 "ñ" are 1 MB + 2 bytes.
    expect(errorOf(await h.create(customBody({ content: `{b}${'ñ'.repeat(CONTENT_MAX_BYTES / 2)}{/b}` }))).message).toBe(
      'The content file size exceeds the limit 1MB',
    );
    const exact = errorOf(await h.create(imageBody('A'.repeat(CONTENT_MAX_BYTES))));
    expect(exact.message).not.toBe('The content file size exceeds the limit 1MB');
  });

  it('400 "Error decoding base64, the provided base64 string is not valid." for an image that is not Base64', async () => {
    for (const content of ['not base64 at all!', 'iVBORw0KGgo', `${pngBase64(4, 4)}\n`, 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==']) {
      const error = expectError(await h.create(imageBody(content)), 400, 'property_value');
      expect(error.message).toBe('Error decoding base64, the provided base64 string is not valid.');
    }
  });

  it('400 property_value for Base64 that is not a PNG or JPEG, or a PNG that does not decode', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;').toString('base64');
    expect(expectError(await h.create(imageBody(gif)), 400, 'property_value').message).toBe('content is not a PNG or JPEG image');
    const truncated = Buffer.from(pngBase64(20, 20), 'base64').subarray(0, 60).toString('base64');
    expect(expectError(await h.create(imageBody(truncated)), 400, 'property_value').message).toMatch(/could not be decoded/);
  });

  it('400 property_value for an image too large to decode safely (decompression bomb)', async () => {
    // A valid PNG header claiming 10000×10000 pixels: refused before decoding.
    const png = Buffer.from(pngBase64(2, 2), 'base64');
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    expect(expectError(await h.create(imageBody(png.toString('base64'))), 400, 'property_value').message).toMatch(/at most 60000000 pixels/);
  });

  it.each([
    ['shorter than 100 characters', '{b}Hola{/b}', /at least 100/],
    ['longer than 4096 characters', `{b}${'x'.repeat(4100)}{/b}`, /at most 4096/],
    ['without a supported tag', 'x'.repeat(150), /at least one tag/],
    ['with an unclosed tag', `{b}${'x'.repeat(150)}`, /never closed/],
  ])('400 property_value for custom content %s', async (_name, content, message) => {
    const error = expectError(await h.create(customBody({ content })), 400, 'property_value');
    expect(error.message).toMatch(message);
    expect(error.cause[0]).toMatchObject({ data: { property: 'content' } });
  });

  it('401 unauthorized for a wrong or missing token', async () => {
    expectError(await h.create(customBody(), { token: 'APP_USR-4815162342-011512-deadbeef' }), 401, 'unauthorized');
    const bare = await h.sandbox.app.inject({ method: 'POST', url: '/terminals/v1/actions', headers: { 'x-idempotency-key': 'k' }, payload: customBody() });
    expectError(bare, 401, 'unauthorized');
  });

  it("403 forbidden_checking_terminal_owner for another user's terminal and for an unknown one, alike", async () => {
    const other = expectError(await h.create(customBody({ terminal: OTHER_USER_TERMINAL })), 403, 'forbidden_checking_terminal_owner');
    const unknown = expectError(await h.create(customBody({ terminal: 'NEWLAND_N950__NOPE' })), 403, 'forbidden_checking_terminal_owner');
    expect(other.cause).toEqual(unknown.cause);
  });

  it('400 property_value for a terminal not in PDV mode, naming operating_mode', async () => {
    const error = expectError(await h.create(customBody({ terminal: STANDALONE_TERMINAL })), 400, 'property_value');
    expect(error.cause[0]).toMatchObject({ data: { property: 'config.point.terminal_id', operating_mode: 'STANDALONE' } });
    expect(error.message).toMatch(/PDV/);
  });

  it('409 idempotency_key_already_used for the same key with a different request within 24 hours', async () => {
    const key = freshKey();
    await createdId(customBody({ reference: 'first' }), { key });
    const error = expectError(await h.create(customBody({ reference: 'second', terminal: TERMINAL_2 }), { key }), 409, 'idempotency_key_already_used');
    expect(error.message).toMatch(/different request/);
    const terminal2 = (await h.terminalGet(TERMINAL_2)).json() as { waiting_action: unknown };
    expect(terminal2.waiting_action).toBeNull();
  });

  it('409 already_queued_order_for_terminal while the terminal has an action in created', async () => {
    const first = await createdId();
    const error = expectError(await h.create(customBody()), 409, 'already_queued_order_for_terminal');
    expect(error.cause[0]).toMatchObject({ data: { action_id: first } });
  });

  it('500 idempotency_validation_failed when the key store fails; nothing is created and the retry works', async () => {
    const spy = vi.spyOn(IdempotencyStore.prototype, 'begin').mockImplementationOnce(() => {
      throw new Error('store unavailable');
    });
    const key = freshKey();
    const body = customBody();
    expectError(await h.create(body, { key }), 500, 'idempotency_validation_failed');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(((await h.terminalGet(TERMINAL_1)).json() as { waiting_action: unknown }).waiting_action).toBeNull();
    await createdId(body, { key });
  });

  it('500 (generic) on an internal failure, in the error body shape; the key is not spent', async () => {
    vi.spyOn(ActionService.prototype, 'create').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    const key = freshKey();
    const body = customBody();
    const error = expectError(await h.create(body, { key }), 500, 'internal_error');
    expect(error.message).toMatch(/retry/);
    const retry = await h.create(body, { key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('GET /terminals/v1/actions/{id} (spec 4.4) and 7.4 rows', () => {
  it('200 with id, type, external_reference, status, config and created_date (ISO 8601, milliseconds, Z)', async () => {
    await h.clock.advance(1234);
    const id = await createdId(customBody({ reference: 'get-me' }));
    const response = await h.get(id);
    expect(response.statusCode).toBe(200);
    const action = TerminalAction.parse(response.json());
    expect(action).toMatchObject({
      id,
      type: 'print',
      external_reference: 'get-me',
      status: 'created',
      config: { point: { terminal_id: TERMINAL_1, subtype: 'custom' } },
    });
    expect(action.created_date).toBe('2026-01-15T12:00:01.234Z');
    expect(action.created_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('does not require X-Idempotency-Key', async () => {
    const id = await createdId();
    expect((await h.get(id)).statusCode).toBe(200);
  });

  it('finds an id written in upper case (UUIDs compare case-insensitively)', async () => {
    const id = await createdId();
    expect((await h.get(id.toUpperCase())).json()).toMatchObject({ id });
  });

  it('401 unauthorized for a wrong token', async () => {
    const id = await createdId();
    expectError(await h.get(id, { token: 'wrong' }), 401, 'unauthorized');
  });

  it("404 order_not_found for an unknown id, a malformed id, and another user's action", async () => {
    expectError(await h.get(UNKNOWN_ID), 404, 'order_not_found');
    expectError(await h.get('not-an-id'), 404, 'order_not_found');
    const theirs = await createdId(customBody({ terminal: OTHER_USER_TERMINAL }), { token: await h.token(2002) });
    expectError(await h.get(theirs), 404, 'order_not_found');
    expect((await h.get(theirs, { token: await h.token(2002) })).statusCode).toBe(200);
  });

  it('500 (generic) on an internal failure, in the error body shape', async () => {
    const id = await createdId();
    vi.spyOn(ActionService.prototype, 'findForUser').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    expectError(await h.get(id), 500, 'internal_error');
  });
});

describe('POST /terminals/v1/actions/{id}/cancel (spec 4.5) and 7.3 rows', () => {
  it('200 with an empty body, and the action is canceled', async () => {
    const id = await createdId();
    const response = await h.cancel(id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-length']).toBe('0');
    expect(await h.statusOf(id)).toBe('canceled');
  });

  it('ignores a body or a JSON content type sent with the cancel', async () => {
    const id = await createdId();
    const token = await h.token();
    const response = await h.sandbox.app.inject({
      method: 'POST',
      url: `/terminals/v1/actions/${id}/cancel`,
      headers: { authorization: `Bearer ${token}`, 'x-idempotency-key': freshKey(), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('400 empty_required_header without X-Idempotency-Key', async () => {
    const id = await createdId();
    const token = await h.token();
    const response = await h.sandbox.app.inject({ method: 'POST', url: `/terminals/v1/actions/${id}/cancel`, headers: { authorization: `Bearer ${token}` } });
    expectError(response, 400, 'empty_required_header');
    expect(await h.statusOf(id)).toBe('created');
  });

  it.each(['123', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', `${UNKNOWN_ID}x`])('400 invalid_path_param for the malformed id %s', async (id) => {
    expectError(await h.cancel(id), 400, 'invalid_path_param');
  });

  it('401 unauthorized for a wrong token (before the header check)', async () => {
    const id = await createdId();
    const response = await h.sandbox.app.inject({ method: 'POST', url: `/terminals/v1/actions/${id}/cancel`, headers: { authorization: 'Bearer wrong' } });
    expectError(response, 401, 'unauthorized');
  });

  it("404 order_not_found for an unknown action and for another user's action (which stays untouched)", async () => {
    expectError(await h.cancel(UNKNOWN_ID), 404, 'order_not_found');
    const theirs = await createdId(customBody({ terminal: OTHER_USER_TERMINAL }), { token: await h.token(2002) });
    expectError(await h.cancel(theirs), 404, 'order_not_found');
    expect(((await h.get(theirs, { token: await h.token(2002) })).json() as { status: string }).status).toBe('created');
  });

  it('409 idempotency_key_already_used for a key already used for another request', async () => {
    const createKey = freshKey();
    const first = await createdId(customBody(), { key: createKey });
    expectError(await h.cancel(first, { key: createKey }), 409, 'idempotency_key_already_used');
    const cancelKey = freshKey();
    expect((await h.cancel(first, { key: cancelKey })).statusCode).toBe(200);
    const second = await createdId(customBody({ terminal: TERMINAL_2 }));
    expectError(await h.cancel(second, { key: cancelKey }), 409, 'idempotency_key_already_used');
    expect(await h.statusOf(second)).toBe('created');
  });

  it('replays a repeated cancel with the same key: 200, empty, Idempotent-Replayed', async () => {
    const id = await createdId();
    const key = freshKey();
    await h.cancel(id, { key });
    const again = await h.cancel(id, { key });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('409 cannot_cancel_order once the action is at the terminal (on_terminal)', async () => {
    const id = await createdId();
    await pickUp();
    const error = expectError(await h.cancel(id), 409, 'cannot_cancel_order');
    expect(error.message).toMatch(/only be cancelled on the terminal/);
    expect(await h.statusOf(id)).toBe('on_terminal');
  });

  it('409 cannot_cancel_order for an action already processed, failed or canceled', async () => {
    const processed = await createdId();
    await h.clock.advance(10_000);
    expect(await h.statusOf(processed)).toBe('processed');
    expectError(await h.cancel(processed), 409, 'cannot_cancel_order');

    const canceled = await createdId();
    await h.cancel(canceled);
    expectError(await h.cancel(canceled), 409, 'cannot_cancel_order');

    await h.terminalPost(TERMINAL_1, '', { paper: 'out' });
    const failed = await createdId();
    await h.clock.advance(10_000);
    expect(await h.statusOf(failed)).toBe('failed');
    expectError(await h.cancel(failed), 409, 'cannot_cancel_order');
  });

  it('500 idempotency_validation_failed when the key store fails; the action stays created', async () => {
    const id = await createdId();
    vi.spyOn(IdempotencyStore.prototype, 'begin').mockImplementationOnce(() => {
      throw new Error('store unavailable');
    });
    expectError(await h.cancel(id), 500, 'idempotency_validation_failed');
    expect(await h.statusOf(id)).toBe('created');
  });

  it('500 (generic) on an internal failure; the key is not spent', async () => {
    const id = await createdId();
    vi.spyOn(ActionService.prototype, 'apply').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    const key = freshKey();
    expectError(await h.cancel(id, { key }), 500, 'internal_error');
    expect((await h.cancel(id, { key })).statusCode).toBe(200);
  });
});

describe('spec 3: states and transitions, one test per row', () => {
  it('(none) --create--> created: 201 and the id', async () => {
    const id = await createdId();
    expect(id).toMatch(UUID);
    expect(await h.statusOf(id)).toBe('created');
  });

  it('created --API cancel--> canceled: 200, empty body', async () => {
    const id = await createdId();
    const response = await h.cancel(id);
    expect([response.statusCode, response.body]).toEqual([200, '']);
    expect(await h.statusOf(id)).toBe('canceled');
  });

  it('at_terminal (on_terminal) --API cancel--> unchanged, 409 cannot_cancel_order', async () => {
    const id = await createdId();
    await pickUp();
    expectError(await h.cancel(id), 409, 'cannot_cancel_order');
    expect(await h.statusOf(id)).toBe('on_terminal');
  });

  it('at_terminal (on_terminal) --cancel at the terminal--> canceled', async () => {
    const id = await createdId();
    await pickUp();
    expect((await h.terminalPost(TERMINAL_1, '/cancel')).statusCode).toBe(200);
    expect(await h.statusOf(id)).toBe('canceled');
  });

  it('created --cancel at the terminal--> canceled', async () => {
    const id = await createdId();
    expect((await h.terminalPost(TERMINAL_1, '/cancel')).json()).toMatchObject({ canceled: id });
    expect(await h.statusOf(id)).toBe('canceled');
  });
});

describe('idempotency of create (spec 4.3, 7.2, 8)', () => {
  it('replays the first response for the same key and request, without creating anything', async () => {
    const key = freshKey();
    const body = customBody();
    const first = await h.create(body, { key });
    // The same request with its keys in another order is the same request.
    const reordered = { content: body['content'], config: body['config'], external_reference: body['external_reference'], type: 'print' };
    const again = await h.create(reordered, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // No second action: a third, different request on that terminal still meets the first one waiting.
    expect(errorOf(await h.create(customBody())).cause[0]?.data).toEqual({ action_id: (first.json() as { id: string }).id });
  });

  it('replays the original 201 body even after the action moved on', async () => {
    const key = freshKey();
    const body = customBody();
    const id = await createdId(body, { key });
    await h.clock.advance(10_000);
    expect(await h.statusOf(id)).toBe('processed');
    expect((await h.create(body, { key })).json()).toMatchObject({ id, status: 'created' });
  });

  it('forgets the key after 24 hours (manual clock): the same request then creates a new action', async () => {
    const key = freshKey();
    const body = customBody();
    const id = await createdId(body, { key });
    await h.clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await h.create(body, { key })).json()).toMatchObject({ id });
    await h.clock.advance(1);
    const later = await h.create(body, { key });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect((later.json() as { id: string }).id).not.toBe(id);
  });

  it("scopes keys per user: another user's identical key is a different key", async () => {
    const key = freshKey();
    await createdId(customBody(), { key });
    const theirs = await h.create(customBody({ terminal: OTHER_USER_TERMINAL }), { key, token: await h.token(2002) });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does not spend a key on a refused request (4xx): the corrected request with that key succeeds', async () => {
    const key = freshKey();
    expectError(await h.create(customBody({ terminal: OTHER_USER_TERMINAL }), { key }), 403, 'forbidden_checking_terminal_owner');
    expectError(await h.create(customBody({ content: 'x' }), { key }), 400, 'property_value');
    await createdId(customBody(), { key });
  });

  it('lets a print refused by the queue be retried with its key once the queue clears', async () => {
    const waiting = await createdId();
    const key = freshKey();
    const body = customBody();
    expectError(await h.create(body, { key }), 409, 'already_queued_order_for_terminal');
    await h.cancel(waiting);
    const retry = await h.create(body, { key });
    expect(retry.statusCode).toBe(201);
  });

  it('creates exactly one action from concurrent requests with one key (listening server)', async () => {
    const baseUrl = await h.sandbox.listen();
    const token = await h.token();
    const key = freshKey();
    const body = JSON.stringify(customBody());
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${baseUrl}/terminals/v1/actions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-idempotency-key': key, 'content-type': 'application/json' },
          body,
        }),
      ),
    );
    const results = await Promise.all(
      responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { id?: string; error?: string } })),
    );
    const created = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status !== 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((result) => result.body.id)).size).toBe(1);
    // A request that overlapped the first is refused as in progress (Stripe's 409), never run twice.
    for (const result of refused) expect(result).toMatchObject({ status: 409, body: { error: 'idempotency_key_already_used' } });
    const terminal = (await h.terminalGet(TERMINAL_1)).json() as { waiting_action: { id: string } | null };
    expect(terminal.waiting_action?.id).toBe(created[0]?.body.id);
  });
});

describe('one waiting order per terminal (spec 8)', () => {
  it('refuses a second waiting order, allows one once the first is on the terminal, and keeps terminals apart', async () => {
    await createdId();
    expectError(await h.create(customBody()), 409, 'already_queued_order_for_terminal');
    await createdId(customBody({ terminal: TERMINAL_2 }));
    await pickUp();
    const next = await createdId();
    expect(await h.statusOf(next)).toBe('created');
    expectError(await h.create(customBody()), 409, 'already_queued_order_for_terminal');
  });

  it('frees the slot when the waiting order is cancelled', async () => {
    const id = await createdId();
    await h.cancel(id);
    await createdId();
  });
});

describe('persistence (registerSlice "actions")', () => {
  it('keeps actions and idempotency keys across snapshot and restore, and reset clears them', async () => {
    const key = freshKey();
    const body = customBody();
    const id = await createdId(body, { key });
    const snapshot = h.sandbox.snapshot();
    const restored = await createSandbox({ clock: h.clock, state: JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown> });
    try {
      const tokenOf = async (): Promise<string> =>
        (
          (
            await restored.app.inject({
              method: 'POST',
              url: '/oauth/token',
              payload: { grant_type: 'client_credentials', client_id: '4815162342', client_secret: 'SBX-counter-secret-7d1f0c2a9b' },
            })
          ).json() as {
            access_token: string;
          }
        ).access_token;
      const token = await tokenOf();
      const headers = { authorization: `Bearer ${token}` };
      expect((await restored.app.inject({ method: 'GET', url: `/terminals/v1/actions/${id}`, headers })).json()).toMatchObject({ id, status: 'created' });
      const replay = await restored.app.inject({
        method: 'POST',
        url: '/terminals/v1/actions',
        headers: { ...headers, 'x-idempotency-key': key },
        payload: body,
      });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      // The restored terminal picks the waiting action up on its own.
      await h.clock.advance(2000);
      expect((await restored.app.inject({ method: 'GET', url: `/terminals/v1/actions/${id}`, headers })).json()).toMatchObject({ status: 'on_terminal' });
      restored.reset();
      const afterReset = { authorization: `Bearer ${await tokenOf()}` };
      expect((await restored.app.inject({ method: 'GET', url: `/terminals/v1/actions/${id}`, headers: afterReset })).statusCode).toBe(404);
      const sameKeyAfterReset = await restored.app.inject({
        method: 'POST',
        url: '/terminals/v1/actions',
        headers: { ...afterReset, 'x-idempotency-key': key },
        payload: body,
      });
      expect(sameKeyAfterReset.statusCode).toBe(201);
      expect(sameKeyAfterReset.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      await restored.close();
    }
  });
});

describe('samples', () => {
  it('resources/samples hold a valid receipt and a valid DTE', async () => {
    expect(SAMPLE_RECEIPT.length).toBeGreaterThanOrEqual(100);
    await createdId(customBody());
    await createdId(invoiceBody(SAMPLE_DTE, TERMINAL_2));
  });
});
