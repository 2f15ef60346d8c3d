import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import type { PrintOutcome } from './PrintBar';

/**
 * The print bar's outcome, and what main said about prints while an enqueue was still unanswered.
 *
 * Main's events and its answer to `prints.enqueue` travel on different channels (the bridge's event
 * stream and its request), so a print's `sending` and even `failed` can arrive before the answer that
 * says `queued`. Every event main sends about a print is newer than the enqueue's answer (the answer is
 * the print as first recorded), so the last event seen wins over it.
 */
export interface PrintFollow {
  readonly outcome: PrintOutcome;
  readonly earlyChanges: ReadonlyMap<string, PrintSummary>;
}

export type PrintFollowAction =
  | { readonly kind: 'send' }
  | { readonly kind: 'refuse'; readonly message: string }
  | { readonly kind: 'accept'; readonly print: PrintSummary }
  | { readonly kind: 'change'; readonly print: PrintSummary };

export const IDLE_FOLLOW: PrintFollow = { outcome: { state: 'idle' }, earlyChanges: new Map() };

export function followPrint(state: PrintFollow, action: PrintFollowAction): PrintFollow {
  switch (action.kind) {
    case 'send':
      return { outcome: { state: 'sending' }, earlyChanges: new Map() };
    case 'refuse':
      return { outcome: { state: 'refused', message: action.message }, earlyChanges: new Map() };
    case 'accept':
      return { outcome: { state: 'accepted', print: state.earlyChanges.get(action.print.id) ?? action.print }, earlyChanges: new Map() };
    case 'change': {
      const { outcome } = state;
      if (outcome.state === 'accepted') return outcome.print.id === action.print.id ? { ...state, outcome: { state: 'accepted', print: action.print } } : state;
      // Which print the answer will name is not known yet: keep the latest of each.
      if (outcome.state === 'sending') return { ...state, earlyChanges: new Map(state.earlyChanges).set(action.print.id, action.print) };
      return state;
    }
  }
}
