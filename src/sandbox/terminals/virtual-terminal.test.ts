import pngjs from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreatedTerminalAction } from '../../shared/platform/terminal-actions';
import { customBody, imageBody, invoiceBody, jpegBase64, pngBase64, startHarness, TERMINAL_1, TERMINAL_2, type Harness } from '../actions/test-support';
import { createSandbox } from '../app';
import { DEFAULT_TERMINAL_SETTINGS, type PrintedItem, type TerminalView } from './virtual-terminal';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function create(body: unknown = customBody()): Promise<string> {
  const response = await h.create(body);
  expect(response.statusCode, response.body).toBe(201);
  return CreatedTerminalAction.parse(response.json()).id;
}

async function view(id = TERMINAL_1): Promise<TerminalView> {
  const response = await h.terminalGet(id);
  expect(response.statusCode).toBe(200);
  return response.json() as TerminalView;
}

async function printed(id = TERMINAL_1, after?: number): Promise<PrintedItem[]> {
  const response = await h.terminalGet(id, after === undefined ? '/printed' : `/printed?after=${after}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: PrintedItem[] }).items;
}

describe('virtual terminal: the automatic cycle on the manual clock', () => {
  it('picks the action up after 2 s, prints for 1.5 s, then reports processed with the print on its roll', async () => {
    const id = await create(customBody({ reference: 'ticket-123' }));
    await h.clock.advance(1999);
    expect(await h.statusOf(id)).toBe('created');
    expect((await view()).phase).toBe('waiting_pickup');
    await h.clock.advance(1);
    expect(await h.statusOf(id)).toBe('on_terminal');
    expect(await view()).toMatchObject({ phase: 'printing', held_action: { id, status: 'on_terminal' }, print_started_at: '2026-01-15T12:00:02.000Z' });
    await h.clock.advance(1499);
    expect(await h.statusOf(id)).toBe('on_terminal');
    expect(await printed()).toEqual([]);
    await h.clock.advance(1);
    expect(await h.statusOf(id)).toBe('processed');
    const items = await printed();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ seq: 1, action_id: id, external_reference: 'ticket-123', subtype: 'custom', printed_at: '2026-01-15T12:00:03.500Z' });
    // The receipt renderer's SVG: the sample receipt's text and its QR code.
    expect(items[0]?.svg).toMatch(/^<svg[^>]+viewBox="0 0 384 /);
    expect(items[0]?.svg).toContain('Gracias por su compra');
    expect(items[0]?.svg).toContain('data-symbology="qr"');
    expect(await view()).toMatchObject({
      phase: 'idle',
      held_action: null,
      last_action: { id, status: 'processed', failure_reason: null },
      printed_count: 1,
      last_printed_seq: 1,
    });
  });

  it('follows its configured delays', async () => {
    await h.terminalPost(TERMINAL_1, '', { pickup_delay_ms: 100, print_duration_ms: 50 });
    const id = await create();
    await h.clock.advance(100);
    expect(await h.statusOf(id)).toBe('on_terminal');
    await h.clock.advance(50);
    expect(await h.statusOf(id)).toBe('processed');
  });

  it('takes the next waiting action after finishing the current one', async () => {
    const first = await create();
    await h.clock.advance(2000);
    const second = await create();
    expect(await h.statusOf(first)).toBe('on_terminal');
    await h.clock.advance(1500);
    expect(await h.statusOf(first)).toBe('processed');
    expect(await h.statusOf(second)).toBe('created');
    await h.clock.advance(2000);
    expect(await h.statusOf(second)).toBe('on_terminal');
    await h.clock.advance(1500);
    expect((await printed()).map((item) => item.action_id)).toEqual([first, second]);
    expect((await printed(TERMINAL_1, 1)).map((item) => item.action_id)).toEqual([second]);
  });

  it('leaves an action cancelled through the API before pickup alone', async () => {
    const id = await create();
    await h.cancel(id);
    await h.clock.advance(60_000);
    expect(await h.statusOf(id)).toBe('canceled');
    expect(await printed()).toEqual([]);
  });
});

describe('virtual terminal: refresh button (manual pickup)', () => {
  it('in manual mode fetches nothing by itself, and the refresh button fetches the waiting action', async () => {
    await h.terminalPost(TERMINAL_1, '', { mode: 'manual' });
    const id = await create();
    await h.clock.advance(60 * 60 * 1000);
    expect(await h.statusOf(id)).toBe('created');
    const refreshed = await h.terminalPost(TERMINAL_1, '/refresh');
    expect(refreshed.json()).toMatchObject({ picked_up: id, terminal: { phase: 'printing' } });
    expect(await h.statusOf(id)).toBe('on_terminal');
    await h.clock.advance(1500);
    expect(await h.statusOf(id)).toBe('processed');
  });

  it('refresh with nothing waiting picks nothing up', async () => {
    expect((await h.terminalPost(TERMINAL_1, '/refresh')).json()).toMatchObject({ picked_up: null, terminal: { phase: 'idle' } });
  });

  it('refresh while busy is refused with 409 terminal_busy', async () => {
    await create();
    await h.terminalPost(TERMINAL_1, '/refresh');
    const response = await h.terminalPost(TERMINAL_1, '/refresh');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'terminal_busy' });
  });
});

describe('virtual terminal: faults', () => {
  it('offline: fetches nothing and refuses refresh; back online it picks up after its delay', async () => {
    await h.terminalPost(TERMINAL_1, '', { online: false });
    const id = await create();
    await h.clock.advance(60_000);
    expect(await h.statusOf(id)).toBe('created');
    expect((await view()).phase).toBe('offline');
    const refresh = await h.terminalPost(TERMINAL_1, '/refresh');
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json()).toMatchObject({ error: 'terminal_offline' });
    await h.terminalPost(TERMINAL_1, '', { online: true });
    await h.clock.advance(1999);
    expect(await h.statusOf(id)).toBe('created');
    await h.clock.advance(1);
    expect(await h.statusOf(id)).toBe('on_terminal');
  });

  it('offline while waiting for the pickup delay cancels the pending pickup', async () => {
    const id = await create();
    await h.clock.advance(1000);
    await h.terminalPost(TERMINAL_1, '', { online: false });
    await h.clock.advance(5000);
    expect(await h.statusOf(id)).toBe('created');
  });

  it('out of paper: the print ends failed, nothing comes out, and the reason shows on the terminal', async () => {
    await h.terminalPost(TERMINAL_1, '', { paper: 'out' });
    const id = await create();
    await h.clock.advance(3500);
    expect(await h.statusOf(id)).toBe('failed');
    expect(await printed()).toEqual([]);
    const terminal = await view();
    expect(terminal.last_action).toMatchObject({ id, status: 'failed', failure_reason: 'out of paper' });
    expect(terminal.events.at(-1)?.message).toMatch(/: out of paper$/);
  });

  it('paper running out during the print fails it; loading paper lets the next one print', async () => {
    const first = await create();
    await h.clock.advance(2500);
    await h.terminalPost(TERMINAL_1, '', { paper: 'out' });
    await h.clock.advance(1000);
    expect(await h.statusOf(first)).toBe('failed');
    await h.terminalPost(TERMINAL_1, '', { paper: 'ok' });
    const second = await create();
    await h.clock.advance(3500);
    expect(await h.statusOf(second)).toBe('processed');
  });
});

describe('virtual terminal: cancel at the terminal and manual completion', () => {
  it('cancels the action it holds: canceled, and nothing is printed when the print time passes', async () => {
    const id = await create();
    await h.clock.advance(2000);
    const response = await h.terminalPost(TERMINAL_1, '/cancel');
    expect(response.json()).toMatchObject({ canceled: id, terminal: { phase: 'idle', held_action: null } });
    await h.clock.advance(10_000);
    expect(await h.statusOf(id)).toBe('canceled');
    expect(await printed()).toEqual([]);
  });

  it('cancels its waiting action when it holds none', async () => {
    const id = await create();
    await h.terminalPost(TERMINAL_1, '/cancel');
    expect(await h.statusOf(id)).toBe('canceled');
    await h.clock.advance(10_000);
    expect(await h.statusOf(id)).toBe('canceled');
  });

  it('refuses to cancel with nothing to cancel (409 nothing_to_cancel)', async () => {
    const response = await h.terminalPost(TERMINAL_1, '/cancel');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'nothing_to_cancel' });
  });

  it('with completion manual holds the printed action until /complete processed', async () => {
    await h.terminalPost(TERMINAL_1, '', { completion: 'manual' });
    const id = await create();
    await h.clock.advance(60_000);
    expect(await h.statusOf(id)).toBe('on_terminal');
    expect((await view()).phase).toBe('awaiting_completion');
    const response = await h.terminalPost(TERMINAL_1, '/complete', { status: 'processed' });
    expect(response.json()).toMatchObject({ action_id: id, terminal: { phase: 'idle' } });
    expect(await h.statusOf(id)).toBe('processed');
    expect((await printed()).map((item) => item.action_id)).toEqual([id]);
  });

  it('/complete failed ends the held action failed, even mid-print', async () => {
    const id = await create();
    await h.clock.advance(2000);
    await h.terminalPost(TERMINAL_1, '/complete', { status: 'failed' });
    expect(await h.statusOf(id)).toBe('failed');
    await h.clock.advance(10_000);
    expect(await h.statusOf(id)).toBe('failed');
    expect(await printed()).toEqual([]);
  });

  it('/complete with no held action is 409 no_action_on_terminal, and a bad status is 400', async () => {
    const idle = await h.terminalPost(TERMINAL_1, '/complete', { status: 'processed' });
    expect(idle.statusCode).toBe(409);
    expect(idle.json()).toMatchObject({ error: 'no_action_on_terminal' });
    expect((await h.terminalPost(TERMINAL_1, '/complete', { status: 'done' })).statusCode).toBe(400);
  });
});

describe('virtual terminal: what it prints', () => {
  it('an image: scaled to 384 dots, dithered to black and white, embedded as PNG', async () => {
    const id = await create(imageBody(pngBase64(768, 200)));
    await h.clock.advance(3500);
    expect(await h.statusOf(id)).toBe('processed');
    const [item] = await printed();
    const match = /href="data:image\/png;base64,([^"]+)"/.exec(item?.svg ?? '');
    expect(match).not.toBeNull();
    const png = pngjs.PNG.sync.read(Buffer.from(match?.[1] ?? '', 'base64'));
    expect([png.width, png.height]).toEqual([384, 100]);
    const values = new Set<number>();
    for (let index = 0; index < png.data.length; index += 4) values.add(png.data[index] ?? -1);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
    // Left half black, right half white, as in the source image.
    const pixel = (x: number, y: number): number => png.data[(y * png.width + x) * 4] ?? -1;
    expect(pixel(10, 10)).toBe(0);
    expect(pixel(370, 10)).toBe(255);
  });

  it('a mid-grey JPEG comes out as a dither of about half black dots', async () => {
    const id = await create(imageBody(jpegBase64(200, 50)));
    await h.clock.advance(3500);
    expect(await h.statusOf(id)).toBe('processed');
    const [item] = await printed();
    const base64 = /base64,([^"]+)"/.exec(item?.svg ?? '')?.[1] ?? '';
    const png = pngjs.PNG.sync.read(Buffer.from(base64, 'base64'));
    let black = 0;
    const left = (384 - 200) / 2;
    for (let y = 0; y < 50; y++) for (let x = left; x < left + 200; x++) if (png.data[(y * 384 + x) * 4] === 0) black++;
    expect(black / (200 * 50)).toBeGreaterThan(0.4);
    expect(black / (200 * 50)).toBeLessThan(0.6);
  });

  it('an invoice: issuer, document, folio, items, total and the PDF417 stamp of the TED', async () => {
    const id = await create(invoiceBody());
    await h.clock.advance(3500);
    expect(await h.statusOf(id)).toBe('processed');
    const svg = (await printed())[0]?.svg ?? '';
    for (const text of ['COMERCIAL TIENDA CENTRO SPA', 'FACTURA ELECTRONICA', 'N° 60', 'RESMA PAPEL CARTA', '$11.900', 'Timbre Electronico SII'])
      expect(svg).toContain(text);
    expect(svg).toMatch(/class="receipt-code" data-symbology="pdf417" data-text="&lt;TED version=&quot;1.0&quot;&gt;&lt;DD&gt;&lt;RE&gt;76123456-0/);
  });
});

describe('control API', () => {
  it('lists every seeded terminal with mode, settings, held action and printed count', async () => {
    const response = await h.sandbox.app.inject({ method: 'GET', url: '/__sandbox/terminals' });
    const { terminals } = response.json() as { terminals: TerminalView[] };
    expect(terminals.map((terminal) => terminal.id)).toEqual([
      TERMINAL_1,
      TERMINAL_2,
      'PAX_A910__SBX0000003',
      'PAX_A910__SBX0000004',
      'NEWLAND_N950__SBX0000009',
    ]);
    expect(terminals[0]).toMatchObject({ operating_mode: 'PDV', settings: DEFAULT_TERMINAL_SETTINGS, held_action: null, printed_count: 0, phase: 'idle' });
  });

  it('validates settings with zod: unknown or out-of-range values are 400 and change nothing', async () => {
    expect((await h.terminalPost(TERMINAL_1, '', { pickup_delay_ms: -1 })).statusCode).toBe(400);
    expect((await h.terminalPost(TERMINAL_1, '', { colour: 'red' })).statusCode).toBe(400);
    expect((await h.terminalPost(TERMINAL_1, '', { mode: 'sometimes' })).statusCode).toBe(400);
    expect((await view()).settings).toEqual(DEFAULT_TERMINAL_SETTINGS);
  });

  it('answers 404 for an unknown terminal', async () => {
    const response = await h.terminalGet('NOPE__X');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'terminal_not_found' });
  });

  it('serves the terminal page: HTML, self-contained, with the strict CSP', async () => {
    const response = await h.terminalGet(TERMINAL_1, '/view');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain(TERMINAL_1);
    expect(response.body).toContain('/__sandbox/terminals/NEWLAND_N950__SBX0000001');
    for (const button of ['refresh', 'cancel', 'paper', 'online']) expect(response.body).toContain(`id="${button}"`);
    expect(response.body).not.toMatch(/(?:src|href)="https?:/);
  });

  it('serves the terminal page in Spanish with ?lang=es, with no English word of the page left', async () => {
    const spanish = (await h.terminalGet(TERMINAL_1, '/view?lang=es')).body;
    expect(spanish).toContain('<html lang="es">');
    for (const word of ['Actualizar', 'Sin papel', 'Rollo de papel', 'Todavía no se imprimió nada.', 'Tarjeta aprobada']) expect(spanish).toContain(word);
    for (const word of ['>Refresh<', '>Paper out<', 'Paper roll', 'Nothing printed yet', 'Approved card', "'Load paper'"]) expect(spanish).not.toContain(word);
    expect((await h.terminalGet(TERMINAL_1, '/view')).body).toContain('>Refresh<');
  });

  it('keeps settings and the paper roll across snapshot and restore, and reset clears them', async () => {
    await h.terminalPost(TERMINAL_2, '', { print_duration_ms: 10 });
    await create();
    await h.clock.advance(3500);
    const restored = await createSandbox({ clock: h.clock, state: JSON.parse(JSON.stringify(h.sandbox.snapshot())) as Record<string, unknown> });
    try {
      const terminal1 = (await restored.app.inject({ method: 'GET', url: `/__sandbox/terminals/${TERMINAL_1}` })).json() as TerminalView;
      expect(terminal1.printed_count).toBe(1);
      const terminal2 = (await restored.app.inject({ method: 'GET', url: `/__sandbox/terminals/${TERMINAL_2}` })).json() as TerminalView;
      expect(terminal2.settings.print_duration_ms).toBe(10);
      restored.reset();
      const reset = (await restored.app.inject({ method: 'GET', url: `/__sandbox/terminals/${TERMINAL_1}` })).json() as TerminalView;
      expect(reset).toMatchObject({ printed_count: 0, settings: DEFAULT_TERMINAL_SETTINGS });
    } finally {
      await restored.close();
    }
  });

  it('resumes an action that was on the terminal when the snapshot was taken', async () => {
    const id = await create();
    await h.clock.advance(2000);
    const restored = await createSandbox({ clock: h.clock, state: JSON.parse(JSON.stringify(h.sandbox.snapshot())) as Record<string, unknown> });
    try {
      await h.close();
      await h.clock.advance(1500);
      const terminal = (await restored.app.inject({ method: 'GET', url: `/__sandbox/terminals/${TERMINAL_1}` })).json() as TerminalView;
      expect(terminal).toMatchObject({ printed_count: 1, phase: 'idle' });
      const roll = (await restored.app.inject({ method: 'GET', url: `/__sandbox/terminals/${TERMINAL_1}/printed` })).json() as { items: PrintedItem[] };
      expect(roll.items.map((item) => item.action_id)).toEqual([id]);
    } finally {
      await restored.close();
      h = await startHarness();
    }
  });

  it('keeps each terminal to its own actions', async () => {
    const one = await create(customBody({ terminal: TERMINAL_1 }));
    await h.terminalPost(TERMINAL_2, '', { mode: 'manual' });
    const two = await create(customBody({ terminal: TERMINAL_2 }));
    await h.clock.advance(3500);
    expect([await h.statusOf(one), await h.statusOf(two)]).toEqual(['processed', 'created']);
    expect(await printed(TERMINAL_2)).toEqual([]);
  });
});
