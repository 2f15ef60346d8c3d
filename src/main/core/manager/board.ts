import type { TerminalCard } from '../../../shared/ipc/channels/manager';
import type { PrintStatus, PrintSummary } from '../../../shared/ipc/channels/prints';
import type { TerminalSummary } from '../../../shared/ipc/channels/terminals';

export const UNFINISHED_STATUSES: readonly PrintStatus[] = ['queued', 'sending', 'needs_attention', 'created', 'on_terminal'];

/** What the board is made of; each part is cheap to ask the queue for, even with 100,000 prints. */
export interface BoardSources {
  /** The account's terminals; undefined when the platform's list could not be had. */
  terminals: readonly TerminalSummary[] | undefined;
  /** Every unfinished print, in each terminal's line order (enqueue order). */
  unfinished: readonly PrintSummary[];
  /** Prints that ended `failed` since the start of the manager's day. */
  failedToday: readonly PrintSummary[];
  /** The platform's answers this run, per terminal (epoch ms). */
  answers: ReadonlyMap<string, number>;
  /** From the journal, for terminals not asked about yet this run: when their latest accepted print last changed. */
  journalAnswers: ReadonlyMap<string, number>;
}

/**
 * One card per terminal: the account's terminals in the platform's order, then any other terminal the
 * journal shows busy or failing today (a terminal that left the account still has a history).
 */
export function terminalBoard(sources: BoardSources): TerminalCard[] {
  const ids: string[] = sources.terminals?.map((terminal) => terminal.id) ?? [];
  const listed = new Set(ids);
  const others = new Set<string>();
  for (const print of [...sources.unfinished, ...sources.failedToday]) if (!listed.has(print.terminalId)) others.add(print.terminalId);
  for (const terminalId of sources.answers.keys()) if (!listed.has(terminalId)) others.add(terminalId);
  ids.push(...[...others].sort());

  // A print set aside holds no lane (the next one is sent): it is the card's attention, not what it holds now.
  const lines = groupByTerminal(sources.unfinished.filter((print) => print.status !== 'needs_attention'));
  const attention = groupByTerminal(sources.unfinished.filter((print) => print.status === 'needs_attention'));
  const failures = new Map<string, number>();
  for (const print of sources.failedToday) failures.set(print.terminalId, (failures.get(print.terminalId) ?? 0) + 1);
  const details = new Map(sources.terminals?.map((terminal) => [terminal.id, terminal]));

  return ids.map((id) => {
    const terminal = details.get(id);
    const line = lines.get(id) ?? [];
    const answeredAt = sources.answers.get(id) ?? sources.journalAnswers.get(id);
    return {
      id,
      name: terminal?.externalPosId ?? null,
      operatingMode: terminal?.operatingMode ?? null,
      canPrint: terminal?.canPrint ?? null,
      listed: terminal !== undefined,
      current: line[0] ?? null,
      attention: attention.get(id) ?? [],
      queued: Math.max(0, line.length - 1),
      lastAnsweredAt: answeredAt === undefined ? null : new Date(answeredAt).toISOString(),
      failuresToday: failures.get(id) ?? 0,
    };
  });
}

function groupByTerminal(prints: readonly PrintSummary[]): Map<string, PrintSummary[]> {
  const lines = new Map<string, PrintSummary[]>();
  for (const print of prints) {
    const line = lines.get(print.terminalId) ?? [];
    line.push(print);
    lines.set(print.terminalId, line);
  }
  return lines;
}
