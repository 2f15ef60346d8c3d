/**
 * The one way Counter and its sandbox define a lifecycle: a record's status changes only along a
 * row of one table, so a late, repeated or reordered answer can never move it anywhere the table
 * does not name. Everything else about a lifecycle (which states are final, which are unfinished,
 * where an event may lead) is derived from that table, never listed a second time.
 */
export interface Move<S extends string, E extends string> {
  readonly from: S;
  readonly on: E;
  readonly to: S;
}

export interface LifecycleDefinition<S extends string, E extends string> {
  /** What the records are called in a refusal ("a print in created cannot …"). */
  readonly name: string;
  /** Every status, in the order a record goes through them (the order screens sort by). */
  readonly states: readonly S[];
  readonly events: readonly E[];
  /** The statuses a record may be written in when it is first created. */
  readonly initial: readonly S[];
  readonly moves: readonly Move<S, E>[];
}

export type MoveCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface Lifecycle<S extends string, E extends string> extends LifecycleDefinition<S, E> {
  /** Statuses with no move out of them. */
  readonly final: readonly S[];
  /** Statuses with at least one move out: the record still has something ahead of it. */
  readonly unfinished: readonly S[];
  isFinal(status: S): boolean;
  isUnfinished(status: S): boolean;
  /** Where `on` may take a record in `from` (empty when the table has no such row). */
  targets(from: S, on: E): readonly S[];
  /** The single status `on` leads to from `from`; undefined when the table has no row (or several). */
  next(from: S, on: E): S | undefined;
  /** The events that have a row out of `from`. */
  eventsFrom(from: S): readonly E[];
  check(from: S, on: E, to: S): MoveCheck;
  allows(from: S, on: E, to: S): boolean;
  /** Every move the table does NOT list, for tests that prove a writer refuses each of them. */
  unlisted(): Move<S, E>[];
}

/** Builds a lifecycle from its table; a table that names an unknown status or event, or lists a row twice, fails at load. */
export function defineLifecycle<const S extends string, const E extends string>(definition: LifecycleDefinition<S, E>): Lifecycle<S, E> {
  assertWellFormed(definition);
  const { name, states, events, moves } = definition;
  const key = (from: S, on: E): string => `${from}\u0000${on}`;
  const byFromOn = new Map<string, S[]>();
  for (const move of moves) byFromOn.set(key(move.from, move.on), [...(byFromOn.get(key(move.from, move.on)) ?? []), move.to]);
  const hasWayOut = new Set<S>(moves.map((move) => move.from));
  const final = states.filter((status) => !hasWayOut.has(status));
  const unfinished = states.filter((status) => hasWayOut.has(status));
  const allows = (from: S, on: E, to: S): boolean => (byFromOn.get(key(from, on)) ?? []).includes(to);

  return {
    ...definition,
    final,
    unfinished,
    isFinal: (status) => !hasWayOut.has(status),
    isUnfinished: (status) => hasWayOut.has(status),
    targets: (from, on) => byFromOn.get(key(from, on)) ?? [],
    next(from, on) {
      const targets = byFromOn.get(key(from, on)) ?? [];
      return targets.length === 1 ? targets[0] : undefined;
    },
    eventsFrom: (from) => events.filter((on) => byFromOn.has(key(from, on))),
    allows,
    check(from, on, to) {
      if (allows(from, on, to)) return { ok: true };
      return { ok: false, reason: `a ${name} in ${from} cannot move to ${to} on ${on}` };
    },
    unlisted() {
      const missing: Move<S, E>[] = [];
      for (const from of states) for (const on of events) for (const to of states) if (!allows(from, on, to)) missing.push({ from, on, to });
      return missing;
    },
  };
}

function assertWellFormed<S extends string, E extends string>({ name, states, events, initial, moves }: LifecycleDefinition<S, E>): void {
  const knownStates = new Set<string>(states);
  const knownEvents = new Set<string>(events);
  const seen = new Set<string>();
  for (const status of initial) if (!knownStates.has(status)) throw new Error(`${name} lifecycle: unknown initial status ${status}`);
  for (const { from, on, to } of moves) {
    if (!knownStates.has(from) || !knownStates.has(to)) throw new Error(`${name} lifecycle: unknown status in ${from} → ${to}`);
    if (!knownEvents.has(on)) throw new Error(`${name} lifecycle: unknown event ${on}`);
    const row = `${from}|${on}|${to}`;
    if (seen.has(row)) throw new Error(`${name} lifecycle: the move ${from} → ${to} on ${on} is listed twice`);
    seen.add(row);
  }
}

export type Written<W> = { readonly ok: true; readonly written: W } | { readonly ok: false; readonly reason: string };

/** Where a lifecycle writer reads a record's current status and commits a move. */
export interface LifecycleStore<Id, R, S extends string, E extends string, Extra, W> {
  read(id: Id): R | undefined;
  statusOf(record: R): S;
  /** Writes the move (and whatever else the caller changes with it); called only for a move the table allows. */
  commit(record: R, move: Move<S, E>, extra: Extra): W;
}

export interface LifecycleWriter<Id, S extends string, E extends string, Extra, W> {
  /** Moves the record to `to` on `on`, checked against the record as the store holds it NOW, never a caller's older copy. */
  move(id: Id, on: E, to: S, extra: Extra): Written<W>;
}

/**
 * The one writer of a lifecycle's status: it refuses every move the table does not list, so no
 * other code path can set a status. Areas wrap it with their own side effects (events, durability).
 */
export function createLifecycleWriter<Id, R, S extends string, E extends string, Extra, W>(
  lifecycle: Lifecycle<S, E>,
  store: LifecycleStore<Id, R, S, E, Extra, W>,
): LifecycleWriter<Id, S, E, Extra, W> {
  return {
    move(id, on, to, extra) {
      const record = store.read(id);
      if (record === undefined) return { ok: false, reason: `no ${lifecycle.name} ${String(id)}` };
      const from = store.statusOf(record);
      const check = lifecycle.check(from, on, to);
      if (!check.ok) return check;
      return { ok: true, written: store.commit(record, { from, on, to }, extra) };
    },
  };
}
