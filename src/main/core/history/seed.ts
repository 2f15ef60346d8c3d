import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Environment } from '../../../shared/ipc/channels/app';
import { encodePng } from '../../../shared/imaging';
import { utf8ByteLength, type PrintSubtype } from '../../../shared/platform/terminal-actions';
import { MARKERS } from './meta';
import { openHistory } from './open';
import type { PrintHistory } from './print-history';
import type { JournalError, JournalPrint, JournalTransition } from './records/print';

/**
 * A realistic print history for tests and benchmarks: months of finished prints on the store's three
 * printing terminals, written into the SQLite history in one transaction. Every print is final
 * (processed, failed or canceled), so a queue opened on the history has nothing to resend. The same
 * options give the same history (ids, references, times), apart from `now`.
 */
export interface SeedOptions {
  count: number;
  /** The newest print is a few minutes before this; default: the current time. */
  now?: number;
  /** How far back the history reaches; default 180 days. */
  spanDays?: number;
  /** The pseudo-random seed; default 1. */
  seed?: number;
  terminals?: readonly string[];
}

export const SEED_TERMINALS = ['NEWLAND_N950__SBX0000001', 'NEWLAND_N950__SBX0000002', 'PAX_A910__SBX0000003'] as const;

const DAY_MS = 24 * 60 * 60_000;
const PREVIEW_CHARS = 80;
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Where the app keeps an environment's history inside a data directory (print-queue/environment-switch.ts). */
export function historyFile(dataDirectory: string, environment: Environment = 'sandbox'): string {
  return join(dataDirectory, `history-${environment}.sqlite`);
}

/** Seeds an empty history: the prints get the history's next sequence numbers, in time order. */
export async function seedHistory(history: PrintHistory, options: SeedOptions): Promise<{ count: number }> {
  if (!Number.isSafeInteger(options.count) || options.count < 0) throw new RangeError(`cannot seed ${String(options.count)} prints: give a whole number`);
  if (history.size() > 0) throw new Error('the history already holds prints; seed an empty one');
  const images = await sampleImages();
  async function* entries(): AsyncIterable<{ print: JournalPrint; content: string }> {
    for (const { print, content } of seedPrints({ ...options, now: options.now ?? Date.now() }, images))
      yield { print: { ...print, seq: history.nextSeq() }, content };
  }
  await history.importPrints(entries(), MARKERS.seedPrints);
  return { count: options.count };
}

/** Seeds the sandbox history of a data directory, which must have none yet, as `--seed-prints` does. */
export async function seedHistoryDirectory(
  dataDirectory: string,
  count: number,
  options: Omit<SeedOptions, 'count'> = {},
): Promise<{ count: number; bytes: number }> {
  const file = historyFile(dataDirectory);
  const { history } = openHistory({ file });
  try {
    await seedHistory(history, { ...options, count });
    await history.compact();
  } finally {
    history.closeSync();
  }
  return { count, bytes: statSync(file).size };
}

// ---- Generation ---------------------------------------------------------------------------------------

/** mulberry32: small, fast and good enough to make a history look varied. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Dice {
  random(): number;
  between(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
  uuid(): string;
  suffix(length: number): string;
}

function createDice(seed: number): Dice {
  const random = createRandom(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const hex = (digits: number) => {
    let text = '';
    for (let index = 0; index < digits; index++) text += between(0, 15).toString(16);
    return text;
  };
  return {
    random,
    between,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(random() * items.length)];
      if (item === undefined) throw new Error('nothing to pick from');
      return item;
    },
    // Version-4 layout, as the platform's action ids and Counter's keys are.
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[between(0, 3)] ?? '8'}${hex(3)}-${hex(12)}`,
    suffix: (length) => {
      let text = '';
      for (let index = 0; index < length; index++) text += REFERENCE_ALPHABET[between(0, REFERENCE_ALPHABET.length - 1)] ?? '0';
      return text;
    },
  };
}

const PRODUCTS: ReadonlyArray<readonly [string, number]> = [
  ['Cafe americano', 2500],
  ['Cafe con leche', 2800],
  ['Medialuna', 1200],
  ['Jugo natural', 2900],
  ['Tostado jamon queso', 4500],
  ['Agua sin gas 500 ml', 1300],
  ['Empanada de pino', 2600],
  ['Alfajor', 900],
  ['Te verde', 1900],
  ['Sandwich ave palta', 5200],
];

/** Chilean pesos as receipts print them ($12.500); by hand, as Intl is slow at 100,000 receipts. */
function money(amount: number): string {
  return `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

function spread(left: string, right: string, columns = 32): string {
  return `${left}${' '.repeat(Math.max(1, columns - left.length - right.length))}${right}`;
}

function customReceipt(g: Dice, ticket: number, at: Date, terminalIndex: number): string {
  const lines: string[] = [];
  let total = 0;
  const count = g.between(1, 5);
  for (let index = 0; index < count; index++) {
    const [name, price] = g.pick(PRODUCTS);
    const quantity = g.between(1, 3);
    total += quantity * price;
    lines.push(spread(`${quantity} x ${name}`, money(quantity * price)));
  }
  const stamp = at.toISOString().slice(0, 16).replace('T', ' ');
  const rule = '-'.repeat(32);
  const qr = g.random() < 0.3 ? `{center}{qr}https://counter.example/r/${ticket}{/qr}{/center}` : '';
  return (
    `{center}{w}{b}TIENDA CENTRO{/b}{/w}{br}{s}Caja ${terminalIndex + 1}{/s}{/center}{br}${rule}{br}` +
    `{b}Ticket ${String(ticket).padStart(6, '0')}{/b}{br}${stamp}{br}${rule}{br}${lines.join('{br}')}{br}${rule}{br}` +
    `{b}${spread('TOTAL', money(total))}{/b}{br}{center}Gracias por su compra{/center}${qr}`
  );
}

let invoiceTemplate: string | undefined;

/** The repository's sample DTE with its folio and dates changed, everywhere the stamp repeats them. */
function invoiceXml(folio: number, at: Date): string {
  invoiceTemplate ??= readFileSync(new URL('../../../../resources/samples/dte-factura-33.xml', import.meta.url), 'latin1');
  const day = at.toISOString().slice(0, 10);
  return invoiceTemplate
    .replace('<Folio>60</Folio>', `<Folio>${folio}</Folio>`)
    .replace('<F>60</F>', `<F>${folio}</F>`)
    .replace('ID="F60T33"', `ID="F${folio}T33"`)
    .replace('<FchEmis>2026-01-15</FchEmis>', `<FchEmis>${day}</FchEmis>`)
    .replace('<FE>2026-01-15</FE>', `<FE>${day}</FE>`);
}

/** A few small 1-bit pictures (a store logo stand-in), shared by every image print. */
async function sampleImages(): Promise<string[]> {
  const images: string[] = [];
  for (const [index, height] of [48, 64, 96].entries()) {
    const width = 384;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const ring = Math.hypot(x - width / 2, y - height / 2) % (12 + index * 6) < 5;
        const band = (x + y * (index + 1)) % 48 < 6;
        data[y * width + x] = ring || band ? 0 : 255;
      }
    }
    images.push(Buffer.from(await encodePng({ width, height, data }, 1, (bytes) => deflateSync(bytes))).toString('base64'));
  }
  return images;
}

interface SeededPrint {
  print: JournalPrint;
  content: string;
}

type Ending =
  | { kind: 'processed' }
  | { kind: 'terminal_failed' }
  | { kind: 'refused'; code: string; status: number; detail: string }
  | { kind: 'not_found' }
  | { kind: 'unconfirmed' }
  | { kind: 'canceled_locally' }
  | { kind: 'canceled_by_api' }
  | { kind: 'canceled_at_terminal' };

/** `longAgo`: the print is over a day old, old enough to have run out of the idempotency window. */
function chooseEnding(g: Dice, subtype: PrintSubtype, longAgo: boolean): Ending {
  const roll = g.random();
  if (roll < 0.93) return { kind: 'processed' };
  if (roll < 0.95) return { kind: 'terminal_failed' };
  if (roll < 0.958) {
    if (subtype === 'invoice')
      return { kind: 'refused', code: 'invalid_data_xml', status: 400, detail: "XML data does not comply with the invoice issuer's format" };
    return g.random() < 0.5
      ? { kind: 'refused', code: 'forbidden_checking_terminal_owner', status: 403, detail: 'terminal does not belong to the caller' }
      : { kind: 'refused', code: 'property_value', status: 400, detail: 'incorrect property value' };
  }
  if (roll < 0.964) return { kind: 'not_found' };
  if (roll < 0.97) return longAgo ? { kind: 'unconfirmed' } : { kind: 'terminal_failed' };
  if (roll < 0.982) return { kind: 'canceled_locally' };
  if (roll < 0.994) return { kind: 'canceled_by_api' };
  return { kind: 'canceled_at_terminal' };
}

type PrintBase = Omit<
  JournalPrint,
  'status' | 'updatedAt' | 'history' | 'lastError' | 'actionId' | 'attempts' | 'firstSentAt' | 'cancelRequested' | 'cancelKey' | 'madeBy'
>;

/** A print's history as it is written; a plain object, as closures per print would dominate seeding time. */
interface Timeline {
  at: number;
  history: JournalTransition[];
}

function step(g: Dice, timeline: Timeline, status: JournalTransition['status'], low: number, high: number, reason: string | null = null): void {
  timeline.at += g.between(low, high);
  timeline.history.push({ status, at: timeline.at, reason });
}

function finalRecord(
  base: PrintBase,
  timeline: Timeline,
  rest: Pick<JournalPrint, 'status' | 'lastError' | 'actionId' | 'attempts' | 'firstSentAt' | 'cancelKey'>,
): JournalPrint {
  return { ...base, ...rest, updatedAt: timeline.at, history: timeline.history, cancelRequested: false, madeBy: null };
}

/** The record of a print that went the way `ending` says, with believable gaps between steps. */
function finishedPrint(g: Dice, base: PrintBase, ending: Ending): JournalPrint {
  const timeline: Timeline = { at: base.createdAt, history: [{ status: 'queued', at: base.createdAt, reason: base.reprintOf === null ? null : 'reprint' }] };
  const none = { lastError: null, actionId: null, cancelKey: null };
  if (ending.kind === 'canceled_locally') {
    step(g, timeline, 'canceled', 300, 20_000, 'canceled_locally');
    return finalRecord(base, timeline, { ...none, status: 'canceled', attempts: 0, firstSentAt: null });
  }
  step(g, timeline, 'sending', 20, 150);
  const firstSentAt = timeline.at;
  if (ending.kind === 'refused') {
    step(g, timeline, 'failed', 150, 900, ending.code);
    const lastError: JournalError = { code: ending.code, status: ending.status, detail: ending.detail, retryable: false, at: timeline.at };
    return finalRecord(base, timeline, { ...none, status: 'failed', lastError, attempts: 1, firstSentAt });
  }
  if (ending.kind === 'unconfirmed') {
    const attempts = g.between(3, 9);
    step(g, timeline, 'failed', 23 * 60 * 60_000, 23 * 60 * 60_000 + 600_000, 'print_unconfirmed');
    const lastError: JournalError = { code: 'print_unconfirmed', status: null, detail: 'create never confirmed', retryable: false, at: timeline.at };
    return finalRecord(base, timeline, { ...none, status: 'failed', lastError, attempts, firstSentAt });
  }
  // A few creates needed a second try after a lost answer; the same key made it one action.
  const attempts = g.random() < 0.04 ? 2 : 1;
  step(g, timeline, 'created', 120, 700 + (attempts - 1) * 2_000);
  const actionId = g.uuid();
  if (ending.kind === 'not_found') {
    step(g, timeline, 'failed', 4_000, 9_000, 'order_not_found');
    const lastError: JournalError = { code: 'order_not_found', status: 404, detail: 'action not found', retryable: false, at: timeline.at };
    return finalRecord(base, timeline, { ...none, status: 'failed', lastError, actionId, attempts, firstSentAt });
  }
  if (ending.kind === 'canceled_by_api') {
    const cancelKey = g.uuid();
    step(g, timeline, 'canceled', 500, 15_000, 'canceled_by_api');
    return finalRecord(base, timeline, { ...none, status: 'canceled', actionId, attempts, firstSentAt, cancelKey });
  }
  step(g, timeline, 'on_terminal', 1_800, 4_500);
  const status = ending.kind === 'processed' ? 'processed' : ending.kind === 'terminal_failed' ? 'failed' : 'canceled';
  if (status === 'canceled') step(g, timeline, 'canceled', 2_000, 30_000);
  else step(g, timeline, status, 1_200, 2_600);
  return finalRecord(base, timeline, { ...none, status, actionId, attempts, firstSentAt });
}

function* seedPrints(options: SeedOptions & { now: number }, images: readonly string[]): Generator<SeededPrint> {
  const g = createDice(options.seed ?? 1);
  const terminals = options.terminals ?? SEED_TERMINALS;
  const span = (options.spanDays ?? 180) * DAY_MS;
  // The newest print a few minutes ago, the oldest `span` back, evenly with some jitter.
  const newest = options.now - 5 * 60_000;
  const gap = options.count > 1 ? span / (options.count - 1) : 0;
  /** Recent prints a reprint may copy: cashiers reprint what they just printed. */
  const recent: SeededPrint[] = [];
  let folio = 1_000;

  for (let index = 0; index < options.count; index++) {
    // Jittered by less than half a gap either way, so enqueue order stays time order.
    const createdAt = Math.min(newest, Math.round(newest - span + index * gap + (g.random() - 0.5) * gap * 0.8));
    const at = new Date(createdAt);
    const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const original = recent.length > 0 && g.random() < 0.012 ? g.pick(recent) : undefined;

    let terminalId: string;
    let subtype: PrintSubtype;
    let content: string;
    let externalReference: string;
    if (original !== undefined) {
      ({ terminalId, subtype } = original.print);
      content = original.content;
      externalReference = `${original.print.externalReference.slice(0, 55)}-R${g.suffix(6)}`;
    } else {
      const terminalRoll = g.random();
      const terminalIndex = terminalRoll < 0.42 ? 0 : terminalRoll < 0.77 ? 1 : 2;
      terminalId = terminals[terminalIndex % terminals.length] ?? SEED_TERMINALS[0];
      const subtypeRoll = g.random();
      subtype = subtypeRoll < 0.9 ? 'custom' : subtypeRoll < 0.95 ? 'invoice' : 'image';
      content = subtype === 'custom' ? customReceipt(g, 100_000 + index, at, terminalIndex) : subtype === 'invoice' ? invoiceXml(folio++, at) : g.pick(images);
      externalReference = `CTR-${stamp}-${g.suffix(8)}`;
    }
    const print = finishedPrint(
      g,
      {
        id: g.uuid(),
        // Assigned by the history when written.
        seq: 0,
        rev: 0,
        terminalId,
        subtype,
        externalReference,
        idempotencyKey: g.uuid(),
        createdAt,
        reprintOf: original?.print.id ?? null,
        contentBytes: utf8ByteLength(content),
        contentPreview: subtype === 'custom' ? content.slice(0, PREVIEW_CHARS) : '',
      },
      chooseEnding(g, subtype, options.now - createdAt > 2 * DAY_MS),
    );
    const seeded = { print, content };
    recent.push(seeded);
    if (recent.length > 200) recent.shift();
    yield seeded;
  }
}
