import type { AsideEntry, OutboxEntry, OutboxKind } from '../history/records/outbox';

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
  /** Moves one entry out of the way, with why the store refused it; the entries after it go on. */
  setAside(seq: number, refusal: { code: string; reason: string }, at: number): void;
  /** The entries set aside, oldest first, at most `limit`. */
  aside(limit: number): readonly AsideEntry[];
  asideCount(): number;
  /** Puts one set-aside entry (or, with undefined, every one) back under its own seq; how many. */
  retry(seq?: number): number;
}

/** For tests and for a counter without a history database: lost on exit. */
export function createMemoryOutbox(): Outbox {
  const entries: OutboxEntry[] = [];
  let aside: AsideEntry[] = [];
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
    setAside(seq, refusal, at) {
      const index = entries.findIndex((entry) => entry.seq === seq);
      const [entry] = index < 0 ? [] : entries.splice(index, 1);
      if (entry !== undefined) aside = [...aside, { ...entry, ...refusal, setAsideAt: at }].sort((a, b) => a.seq - b.seq);
    },
    aside: (limit) => aside.slice(0, limit),
    asideCount: () => aside.length,
    retry(seq) {
      const back = aside.filter((entry) => seq === undefined || entry.seq === seq);
      aside = aside.filter((entry) => !back.includes(entry));
      for (const { code: _code, reason: _reason, setAsideAt: _at, ...entry } of back) entries.push(entry);
      entries.sort((a, b) => a.seq - b.seq);
      return back.length;
    },
  };
}
