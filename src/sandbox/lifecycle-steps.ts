import type { Lifecycle } from '../shared/lifecycle/kit';

/**
 * The sandbox's lifecycles (print actions, point orders) are tables of `src/shared/lifecycle/kit.ts` in
 * which an event leads a status to at most one other. An area asks where an event leads before it
 * writes, so a refusal carries the area's own words: the reason its routes answer with (409
 * cannot_cancel_order, …) and the virtual terminal shows.
 */
export type Step<S extends string, E extends string> =
  { readonly ok: true; readonly to: S } | { readonly ok: false; readonly from: S; readonly event: E; readonly reason: string };

/** Where `event` takes a record in `from` by the table, or the refusal `reasonFor` words; a table with two targets for one event fails at load. */
export function stepsOf<S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  reasonFor: (from: S, event: E) => string,
): (from: S, event: E) => Step<S, E> {
  for (const { from, on } of lifecycle.moves) {
    if (lifecycle.targets(from, on).length !== 1) throw new Error(`${lifecycle.name} lifecycle: ${on} from ${from} must lead to one status`);
  }
  return (from, event) => {
    const to = lifecycle.next(from, event);
    return to === undefined ? { ok: false, from, event, reason: reasonFor(from, event) } : { ok: true, to };
  };
}

/** The one status a record of the lifecycle is created in. */
export function initialStatusOf<S extends string, E extends string>(lifecycle: Lifecycle<S, E>): S {
  const [initial, ...others] = lifecycle.initial;
  if (initial === undefined || others.length > 0) throw new Error(`${lifecycle.name} lifecycle: expected one initial status`);
  return initial;
}
