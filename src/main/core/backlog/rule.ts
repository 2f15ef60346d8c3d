import type { BacklogDecision } from '../../../shared/ipc/channels/backlog';

/** A print still waiting to be sent: only these can come out late. */
export interface WaitingPrint {
  id: string;
  terminalId: string;
  createdAtMs: number;
}

/** How long a print may wait before the cashier is asked about it: a receipt an hour late is usually unwanted. */
export const DEFAULT_STALE_AFTER_MS = 10 * 60_000;

/**
 * The terminals to hold: those with a print waiting longer than `staleAfterMs` that the cashier has not
 * answered for yet (an answer covers the prints made before it).
 */
export function heldTerminals(
  waiting: Iterable<WaitingPrint>,
  answeredAt: ReadonlyMap<string, number>,
  now: number,
  staleAfterMs: number,
): Map<string, WaitingPrint[]> {
  const held = new Map<string, WaitingPrint[]>();
  for (const print of waiting) {
    if (now - print.createdAtMs < staleAfterMs) continue;
    const answered = answeredAt.get(print.terminalId);
    if (answered !== undefined && print.createdAtMs <= answered) continue;
    held.set(print.terminalId, [...(held.get(print.terminalId) ?? []), print]);
  }
  return held;
}

/** Which of a terminal's stale prints the answer sets aside: none, all but the newest N, or all. */
export function setAsideBy(decision: BacklogDecision, stale: readonly WaitingPrint[]): string[] {
  if (decision.decision === 'print_all') return [];
  if (decision.decision === 'set_aside') return stale.map((print) => print.id);
  // Stable: prints made in the same millisecond keep their queue order.
  const oldestFirst = [...stale].sort((a, b) => a.createdAtMs - b.createdAtMs);
  return oldestFirst.slice(0, Math.max(0, oldestFirst.length - decision.keep)).map((print) => print.id);
}
