import { describe, expect, it } from 'vitest';
import type { PrintStatus, PrintSummary } from '../../../shared/ipc/channels/prints';
import type { TerminalSummary } from '../../../shared/ipc/channels/terminals';
import { terminalBoard, type BoardSources } from './board';

const T1 = 'NEWLAND_N950__SBX0000001';
const T2 = 'NEWLAND_N950__SBX0000002';
const T3 = 'PAX_A910__SBX0000003';
const GONE = 'PAX_A910__SBX0000077';

function terminal(id: string, externalPosId: string, operatingMode = 'PDV'): TerminalSummary {
  return { id, posId: null, storeId: '5001', externalPosId, operatingMode, canPrint: operatingMode === 'PDV' };
}

let sequence = 0;
function print(terminalId: string, status: PrintStatus, updatedAt = '2026-01-15T12:00:00.000Z'): PrintSummary {
  sequence++;
  return {
    id: `print-${sequence}`,
    terminalId,
    subtype: 'custom',
    externalReference: `REF-${sequence}`,
    status,
    createdAt: '2026-01-15T11:59:00.000Z',
    updatedAt,
    actionId: null,
    attempts: 0,
    lastError: null,
    cancelRequested: false,
    reprintOf: null,
    contentBytes: 120,
    contentPreview: '',
  };
}

function sources(overrides: Partial<BoardSources>): BoardSources {
  return {
    terminals: [terminal(T1, 'CAJA01'), terminal(T2, 'CAJA02'), terminal(T3, 'CAJA03'), terminal('PAX_A910__SBX0000004', 'MOSTRADOR', 'STANDALONE')],
    unfinished: [],
    failedToday: [],
    answers: new Map(),
    journalAnswers: new Map(),
    ...overrides,
  };
}

describe('manager board', () => {
  it('never shows a terminal idle while it has a print set aside: the set-aside print is its attention, the next one what it holds', () => {
    const stuck = print(T1, 'needs_attention');
    const next = print(T1, 'on_terminal');
    const [alone] = terminalBoard(sources({ unfinished: [stuck] }));
    expect(alone).toMatchObject({ current: null, queued: 0 });
    expect(alone?.attention.map((one) => one.id)).toEqual([stuck.id]);
    const [busy] = terminalBoard(sources({ unfinished: [stuck, next] }));
    expect(busy?.current?.id).toBe(next.id);
    expect(busy?.attention.map((one) => one.id)).toEqual([stuck.id]);
  });

  it('has a card per terminal of the account, in the platform’s order, idle when nothing is pending', () => {
    const cards = terminalBoard(sources({}));
    expect(cards.map((card) => card.id)).toEqual([T1, T2, T3, 'PAX_A910__SBX0000004']);
    expect(cards[0]).toEqual({
      id: T1,
      name: 'CAJA01',
      operatingMode: 'PDV',
      canPrint: true,
      listed: true,
      current: null,
      attention: [],
      queued: 0,
      lastAnsweredAt: null,
      failuresToday: 0,
    });
    expect(cards[3]).toMatchObject({ name: 'MOSTRADOR', operatingMode: 'STANDALONE', canPrint: false });
  });

  it('shows the first print in a terminal’s line as the one it holds, and counts those behind it', () => {
    const onTerminal = print(T1, 'on_terminal');
    const created = print(T1, 'created');
    const queued = print(T1, 'queued');
    const sending = print(T2, 'sending');
    const cards = terminalBoard(sources({ unfinished: [onTerminal, sending, created, queued] }));
    expect(cards[0]).toMatchObject({ current: onTerminal, queued: 2 });
    expect(cards[1]).toMatchObject({ current: sending, queued: 0 });
    expect(cards[2]).toMatchObject({ current: null, queued: 0 });
  });

  it('counts today’s failures per terminal', () => {
    const cards = terminalBoard(sources({ failedToday: [print(T2, 'failed'), print(T2, 'failed'), print(T3, 'failed')] }));
    expect(cards.map((card) => card.failuresToday)).toEqual([0, 2, 1, 0]);
  });

  it('prefers this run’s answers to what the journal remembers', () => {
    const answers = new Map([[T1, Date.parse('2026-01-15T12:00:03.000Z')]]);
    const journalAnswers = new Map([
      [T1, Date.parse('2026-01-14T09:00:00.000Z')],
      [T2, Date.parse('2026-01-14T10:00:00.000Z')],
    ]);
    const cards = terminalBoard(sources({ answers, journalAnswers }));
    expect(cards.map((card) => card.lastAnsweredAt)).toEqual(['2026-01-15T12:00:03.000Z', '2026-01-14T10:00:00.000Z', null, null]);
  });

  it('adds a terminal the account no longer lists while the journal shows it busy, after the listed ones', () => {
    const leftover = print(GONE, 'created');
    const cards = terminalBoard(sources({ unfinished: [leftover] }));
    expect(cards.at(-1)).toMatchObject({ id: GONE, name: null, operatingMode: null, canPrint: null, listed: false, current: leftover });
  });

  it('still has cards from the journal alone when the terminal list could not be read', () => {
    const cards = terminalBoard(
      sources({ terminals: undefined, unfinished: [print(T2, 'queued')], failedToday: [print(T1, 'failed')], answers: new Map([[T3, 1]]) }),
    );
    expect(cards.map((card) => [card.id, card.listed])).toEqual([
      [T1, false],
      [T2, false],
      [T3, false],
    ]);
  });
});
