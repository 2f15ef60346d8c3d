import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Settings } from '../../../../shared/ipc/channels/app';
import type { Draft } from '../../../../shared/ipc/channels/templates';
import type { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { newExternalReference } from '../../../../shared/print/external-reference';
import { saveDraft } from './api';

/** Long enough to cover a burst of typing, short enough that a crash loses only the last words. */
const DRAFT_SAVE_DELAY_MS = 600;

function newReference(): string {
  return newExternalReference(Date.now(), Math.random);
}

/**
 * Saves the draft a moment after the last change, and at once when the page goes away or the cashier
 * leaves the screen, so a reload or a restart finds the screen as it was.
 */
function useDraftAutosave(draft: Draft, enabled: boolean): void {
  const pending = useRef<Draft | undefined>(undefined);
  const lastSaved = useRef(JSON.stringify(draft));

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = undefined;
    if (next === undefined || JSON.stringify(next) === lastSaved.current) return;
    lastSaved.current = JSON.stringify(next);
    // A draft that fails to save is only a convenience lost; the screen itself is unaffected.
    saveDraft(next).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    pending.current = draft;
    const timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, enabled, flush]);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [enabled, flush]);
}

export interface CounterDraft {
  readonly mode: PrintSubtype;
  setMode(mode: PrintSubtype): void;
  readonly content: string;
  setContent(content: string): void;
  readonly externalReference: string;
  setExternalReference(reference: string): void;
  /** A fresh reference, for the button beside the field and after each print main accepts. */
  renewReference(): void;
  /** The terminal the cashier picked, or '' until they pick one. */
  readonly chosenTerminalId: string;
  setTerminalId(terminalId: string): void;
}

/**
 * What the Counter screen keeps between visits: the mode, the receipt being written, the reference and
 * the terminal picked, started from the saved draft (or the settings' terminal) and saved as they change.
 * `draftsAvailable` is false when the draft could not be read: then it is not written either, so nothing
 * good is overwritten.
 */
export function useCounterDraft(
  initialDraft: Draft | null,
  draftsAvailable: boolean,
  settings: Settings | undefined,
  /** Who Counter is on the platform now (`accountKey`); undefined while unknown. */
  account: string | undefined,
  /** The ids of the current account's terminals; undefined while unknown. */
  listed: readonly string[] | undefined,
): CounterDraft {
  const [mode, setMode] = useState<PrintSubtype>(initialDraft?.mode ?? 'custom');
  const [content, setContent] = useState(initialDraft?.content ?? '');
  const [externalReference, setExternalReference] = useState(() => initialDraft?.externalReference ?? newReference());
  const [chosen, setChosen] = useState<{ terminalId: string; account: string | undefined }>(() => ({
    terminalId: initialDraft?.terminalId ?? settings?.selectedTerminalId ?? '',
    account: initialDraft?.terminalAccount,
  }));
  // A terminal picked under another account (a sign-in as someone else, another environment) is not this
  // account's: the pick reads as none, so the new account's first printing terminal is offered instead. A
  // pick whose account is not known (made before any token) is checked against the account's list instead.
  const otherAccount =
    account !== undefined &&
    chosen.terminalId !== '' &&
    (chosen.account === undefined ? listed !== undefined && !listed.includes(chosen.terminalId) : chosen.account !== account);
  const chosenTerminalId = otherAccount ? '' : chosen.terminalId;
  const chosenAccount = chosen.account ?? account;
  const setTerminalId = useCallback((terminalId: string) => setChosen({ terminalId, account }), [account]);
  const draft = useMemo<Draft>(
    () => ({
      mode,
      content,
      externalReference,
      ...(chosenTerminalId === '' ? {} : { terminalId: chosenTerminalId }),
      ...(chosenAccount === undefined ? {} : { terminalAccount: otherAccount ? account : chosenAccount }),
    }),
    [mode, content, externalReference, chosenTerminalId, chosenAccount, otherAccount, account],
  );
  useDraftAutosave(draft, draftsAvailable);
  const renewReference = useCallback(() => setExternalReference(newReference()), []);
  return { mode, setMode, content, setContent, externalReference, setExternalReference, renewReference, chosenTerminalId, setTerminalId };
}
