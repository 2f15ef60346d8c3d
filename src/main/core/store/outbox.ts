import type { OutboxEntry, OutboxKind } from '../history/records/outbox';

/**
 * The durable queue of a counter's changes for the store database. `append` is called in the same
 * transaction as the local change, so a change is either both in the history and in the outbox, or in
 * neither; the publisher alone calls peek and ack.
 */
export interface Outbox {
  append(kind: OutboxKind, recordId: string, payload: unknown): number;
  /** The oldest entries, in seq order. */
  peek(limit: number): readonly OutboxEntry[];
  /** Forgets every entry up to and including `upToSeq` (published). */
  ack(upToSeq: number): void;
  pending(): number;
}

/** For tests and for a counter without a history database: lost on exit. */
export function createMemoryOutbox(): Outbox {
  const entries: OutboxEntry[] = [];
  let lastSeq = 0;
  return {
    append(kind, recordId, payload) {
      lastSeq += 1;
      // A copy: a caller that later mutates its object must not change what was queued.
      entries.push({ seq: lastSeq, kind, recordId, payload: structuredClone(payload) });
      return lastSeq;
    },
    peek: (limit) => entries.slice(0, limit),
    ack(upToSeq) {
      while (entries.length > 0 && (entries[0]?.seq ?? Infinity) <= upToSeq) entries.shift();
    },
    pending: () => entries.length,
  };
}
