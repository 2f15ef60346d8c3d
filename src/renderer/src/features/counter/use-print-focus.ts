import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { PrintOutcome } from './PrintBar';

/** Focus that was on the Print button (or a button of the progress) is lost when that button is disabled or removed. */
function focusWillBeLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('.print-action, .print-progress') !== null;
}

/**
 * After Print (or Print again) the keyboard goes to the new print's status line, so a screen reader
 * reads it and Tab goes on from there; a refused print gives the focus back to the Print button.
 * Without this the disabled button dropped the focus to the page body, and the keyboard lost its place. A print sent with
 * Ctrl+Enter from the editor leaves the focus in the editor, where the cashier is typing.
 */
export function usePrintFocus(outcome: PrintOutcome, progress: RefObject<HTMLElement | null>): () => void {
  const move = useRef(false);
  const printId = outcome.state === 'accepted' ? outcome.print.id : undefined;
  useEffect(() => {
    if (!move.current || (printId === undefined && outcome.state !== 'refused')) return;
    move.current = false;
    const target =
      printId === undefined
        ? document.querySelector<HTMLElement>('[data-testid="print-button"]:not(:disabled)')
        : progress.current?.querySelector<HTMLElement>('[data-testid="timeline-state"]');
    target?.focus();
  }, [printId, outcome.state, progress]);
  return useCallback(() => {
    move.current = focusWillBeLost();
  }, []);
}
