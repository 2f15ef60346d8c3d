import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { useContractEvent, useContractMutation } from '../../api/hooks';
import { useFeatureT, useLanguage } from '../../i18n';
import { useUnfinishedPrints } from './api';
import { counterMessages, type CounterMessageKey } from './messages';
import { placeholderValuesAt } from './placeholders';
import { contentToSend, requestedContent, type ScreenContent } from './print-content';
import type { PrintOutcome } from './PrintBar';
import { followPrint, IDLE_FOLLOW } from './print-follow';
import { matchesShortcut, PRINT_SHORTCUT } from './tag-editing';
import { newestFirst, sameContentUnfinished } from './unfinished-prints';
import { usePrintFocus } from './use-print-focus';

export interface PrintSource extends ScreenContent {
  readonly externalReference: string;
  /** The terminal to print on, trimmed. */
  readonly terminalId: string;
  /** `{{terminal}}` as the picker shows it. */
  readonly terminalName: string;
  /** Why nothing can print yet; pressing Print (or Ctrl+Enter) then does nothing. */
  readonly blockedBy: CounterMessageKey | undefined;
  /** Main accepted a print: every print needs a reference of its own (docs/decisions.md), so the next one is ready at once. */
  onAccepted(): void;
}

/** A second copy of a print still unfinished, waiting for the cashier's answer. */
export interface DuplicateQuestion {
  readonly original: PrintSummary;
  send(): void;
}

export interface CounterPrint {
  readonly outcome: PrintOutcome;
  /** The print progress area, where the keyboard goes after Print. */
  readonly progress: RefObject<HTMLDivElement | null>;
  /** This screen's other unfinished prints, newest first, without the one followed. */
  readonly others: readonly PrintSummary[];
  readonly duplicate: DuplicateQuestion | undefined;
  /** Stable: always prints what is on screen now, so the print bar is not rendered again on every keystroke. */
  printNow(): void;
  /** A failed print's next step: the same content again as a new print (new reference and key). */
  printAgain(id: string): Promise<void>;
  answerDuplicate(secondCopy: boolean): void;
}

/** Ctrl+Enter prints from anywhere on the screen, except inside a dialog, where it belongs to the dialog. */
function usePrintShortcut(print: () => void): void {
  const onGlobalKey = useEffectEvent((event: KeyboardEvent) => {
    if (!matchesShortcut(event, PRINT_SHORTCUT) || (event.target instanceof Element && event.target.closest('dialog') !== null)) return;
    event.preventDefault();
    print();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onGlobalKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

/**
 * Printing from the Counter screen: hands the content to the queue, follows the print it became through
 * main's events, asks before a second copy of a print still unfinished, and prints a failed one again.
 */
export function useCounterPrint(source: PrintSource): CounterPrint {
  const t = useFeatureT(counterMessages);
  const language = useLanguage();
  const [{ outcome }, dispatchFollow] = useReducer(followPrint, IDLE_FOLLOW);
  const unfinished = useUnfinishedPrints();
  // What each print of this screen was asked for (the draft before placeholders are filled), to ask before a second copy.
  const askedFor = useRef(new Map<string, string>());
  const [duplicate, setDuplicate] = useState<DuplicateQuestion | undefined>(undefined);
  const enqueue = useContractMutation('prints.enqueue');
  const reprint = useContractMutation('prints.reprint');

  const onPrintChanged = useCallback((print: PrintSummary) => dispatchFollow({ kind: 'change', print }), []);
  useContractEvent('print.changed', onPrintChanged);

  const progress = useRef<HTMLDivElement>(null);
  const keepFocus = usePrintFocus(outcome, progress);
  const print = async (confirmed = false) => {
    if (source.blockedBy !== undefined || enqueue.isPending || outcome.state === 'sending' || (duplicate !== undefined && !confirmed)) return;
    const { terminalId, externalReference, terminalName } = source;
    const payload = contentToSend(source, () => placeholderValuesAt(new Date(), language, { externalReference, terminalName }));
    if (payload === undefined) {
      dispatchFollow({ kind: 'refuse', message: t('print.changed') });
      return;
    }
    const request = requestedContent(source);
    const original = confirmed ? undefined : sameContentUnfinished(unfinished, askedFor.current, terminalId, request);
    if (original !== undefined) {
      // Pressing Print again while a print was in trouble used to print it twice: ask first.
      setDuplicate({ original, send: () => void latestPrint.current(true) });
      return;
    }
    keepFocus();
    dispatchFollow({ kind: 'send' });
    try {
      const queued = await enqueue.mutateAsync({ subtype: source.mode, terminalId, externalReference, content: payload });
      askedFor.current.set(queued.id, request);
      dispatchFollow({ kind: 'accept', print: queued });
      source.onAccepted();
    } catch (error) {
      dispatchFollow({ kind: 'refuse', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const latestPrint = useRef(print);
  useLayoutEffect(() => {
    latestPrint.current = print;
  });
  const printNow = useCallback(() => void latestPrint.current(), []);
  usePrintShortcut(() => void print());

  const followed = outcome.state === 'accepted' ? outcome.print.id : undefined;
  const others = useMemo(() => newestFirst(unfinished).filter((candidate) => candidate.id !== followed), [unfinished, followed]);
  const printAgain = async (id: string) => {
    keepFocus();
    dispatchFollow({ kind: 'send' });
    try {
      dispatchFollow({ kind: 'accept', print: await reprint.mutateAsync({ id }) });
    } catch (error) {
      dispatchFollow({ kind: 'refuse', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const answerDuplicate = (secondCopy: boolean) => {
    const asked = duplicate;
    setDuplicate(undefined);
    if (secondCopy) asked?.send();
  };
  return { outcome, progress, others, duplicate, printNow, printAgain, answerDuplicate };
}
