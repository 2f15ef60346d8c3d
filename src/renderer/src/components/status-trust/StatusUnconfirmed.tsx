import { useEffect, useState } from 'react';
import { type PrintSummary } from '../../../../shared/ipc/channels/prints';
import { isFinalPrintStatus } from '../../../../shared/lifecycle/print';
import { fillMessage, useT } from '../../i18n';
import './status-trust.css';

/** Whether the print's status on screen is unconfirmed: reads fail, and it may have moved on unseen, so the screen must not show it as settled. */
export function isStatusUnconfirmed(print: PrintSummary): boolean {
  return (print.statusUnconfirmed ?? null) !== null && !isFinalPrintStatus(print.status);
}

/** Seconds since `since`, counted on while shown. */
function useSecondsSince(since: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - Date.parse(since)) / 1_000));
}

/**
 * "Can't confirm the status — last confirmed N s ago", with why (the failed read's cashier message), in
 * place of a status that may no longer be true.
 */
export function StatusUnconfirmed({ print }: { print: PrintSummary }) {
  const t = useT();
  const seconds = useSecondsSince(print.statusConfirmedAt ?? print.updatedAt);
  const problem = print.statusUnconfirmed;
  return (
    <span className="status-unconfirmed" data-testid="status-unconfirmed" data-code={problem?.code}>
      {fillMessage(t('term.statusUnconfirmed'), { seconds })}
      {problem !== null && problem !== undefined ? <span className="status-unconfirmed-why"> {problem.message}</span> : null}
    </span>
  );
}
