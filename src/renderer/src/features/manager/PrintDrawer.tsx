import { memo, useEffect, useRef, useState } from 'react';
import type { TerminalCard } from '../../../../shared/ipc/channels/manager';
import type { PrintDetail, PrintSummary } from '../../../../shared/ipc/channels/prints';
import { CANCELABLE_PRINT_STATUSES } from '../../../../shared/lifecycle/print';
import { printErrorText } from '../../../../shared/i18n/print-errors';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { AttentionActions } from '../../components/print-timeline/AttentionActions';
import { useCancelPrint, usePrintDetail, usePrintLinks, useReprint } from './api';
import { formatCount, fullTime, stepTime } from './format';
import { managerMessages } from './messages';
import { PrintPreview } from './PrintPreview';
import { StatusPill } from './StatusPill';
import { useTerminalLabel } from '../../api/terminal-names';

interface PrintDrawerProps {
  id: string;
  terminals: readonly TerminalCard[];
  onOpen(id: string): void;
  onClose(): void;
}

type CopyState = 'idle' | 'copied' | 'manual';

/** Cancel as spec 4.5 allows it: ours while queued or being sent, the platform's while `created`. */

function PrintLink({ print, onOpen }: { print: PrintSummary; onOpen(id: string): void }) {
  return (
    <button type="button" className="link-button mono" onClick={() => onOpen(print.id)} data-testid="print-link" data-id={print.id}>
      {print.externalReference}
    </button>
  );
}

function Actions({ print, terminals, onOpen }: { print: PrintDetail; terminals: readonly TerminalCard[]; onOpen(id: string): void }) {
  const t = useFeatureT(managerMessages);
  const cancel = useCancelPrint();
  const reprint = useReprint();
  const label = useTerminalLabel();
  const [reprintTerminal, setReprintTerminal] = useState(print.terminalId);
  const [copy, setCopy] = useState<CopyState>('idle');
  const referenceRef = useRef<HTMLElement>(null);
  const printable = terminals.filter((terminal) => terminal.canPrint !== false);

  const copyReference = async () => {
    try {
      await navigator.clipboard.writeText(print.externalReference);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure context, a denied permission): select the text for Ctrl+C instead.
      const element = referenceRef.current;
      const selection = window.getSelection();
      if (element !== null && selection !== null) {
        const range = document.createRange();
        range.selectNodeContents(element);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopy('manual');
    }
  };

  const cancelable = CANCELABLE_PRINT_STATUSES.includes(print.status) && !print.cancelRequested;
  return (
    <div className="drawer-actions">
      <div className="drawer-reference">
        <code ref={referenceRef} className="mono" tabIndex={-1} data-testid="drawer-reference">
          {print.externalReference}
        </code>
        <button type="button" className="button" onClick={() => void copyReference()} data-testid="copy-reference">
          {t('drawer.copy')}
        </button>
        <span className="drawer-note" role="status">
          {copy === 'copied' ? t('drawer.copied') : copy === 'manual' ? t('drawer.copyManual') : ''}
        </span>
      </div>
      <div className="drawer-buttons">
        {cancelable || print.status === 'on_terminal' || print.cancelRequested ? (
          <button
            type="button"
            className="button button-danger"
            disabled={!cancelable || cancel.isPending}
            aria-describedby="drawer-cancel-note"
            onClick={() => cancel.mutate(print.id)}
            data-testid="cancel-print"
          >
            {cancel.isPending ? t('term.canceling') : t('term.cancelPrint')}
          </button>
        ) : null}
        <span className="reprint-group">
          <button
            type="button"
            className="button"
            disabled={reprint.isPending}
            onClick={() => reprint.mutate({ id: print.id, terminalId: reprintTerminal })}
            data-testid="reprint-print"
          >
            {reprint.isPending ? t('drawer.reprinting') : t('drawer.reprint')}
          </button>
          <label className="reprint-terminal">
            {t('drawer.reprintTo')}
            <select value={reprintTerminal} onChange={(event) => setReprintTerminal(event.target.value)} data-testid="reprint-terminal">
              {printable.some((terminal) => terminal.id === print.terminalId) ? null : <option value={print.terminalId}>{print.terminalId}</option>}
              {printable.map((terminal) => (
                <option key={terminal.id} value={terminal.id}>
                  {label(terminal.id, terminal.name).text}
                </option>
              ))}
            </select>
          </label>
        </span>
      </div>
      {/* Set aside after its creates kept failing: the same Try again / Give up as on the Counter and Queue screens. */}
      {print.status === 'needs_attention' ? <AttentionActions print={print} onDone={() => referenceRef.current?.focus()} /> : null}
      <p id="drawer-cancel-note" className="drawer-note" role="status" data-testid="cancel-note">
        {cancel.isError ? <span className="drawer-problem">{cancel.error.message}</span> : null}
        {!cancel.isError && print.status === 'on_terminal' ? t('drawer.cancelOnTerminal') : null}
        {!cancel.isError && (print.status === 'sending' || print.cancelRequested) ? t('drawer.cancelSending') : null}
        {!cancel.isError && cancel.isSuccess && print.status === 'canceled' ? t('drawer.canceled') : null}
      </p>
      <p className="drawer-note" role="status" data-testid="reprint-note">
        {reprint.isError ? <span className="drawer-problem">{reprint.error.message}</span> : null}
        {reprint.data === undefined ? null : (
          <>
            {t('drawer.reprinted')} <PrintLink print={reprint.data} onOpen={onOpen} />
          </>
        )}
      </p>
    </div>
  );
}

function Links({ print, onOpen }: { print: PrintDetail; onOpen(id: string): void }) {
  const t = useFeatureT(managerMessages);
  const links = usePrintLinks(print.id);
  const original = links.data?.original ?? null;
  if (print.reprintOf === null && (links.data?.reprints.length ?? 0) === 0) return null;
  return (
    <dl className="drawer-facts drawer-links" data-testid="print-links">
      {print.reprintOf === null ? null : (
        <div data-testid="reprint-of">
          <dt>{t('drawer.reprintOf')}</dt>
          <dd>{original === null ? t('drawer.reprintOfGone') : <PrintLink print={original} onOpen={onOpen} />}</dd>
        </div>
      )}
      {(links.data?.reprints.length ?? 0) === 0 ? null : (
        <div data-testid="reprinted-as">
          <dt>{t('drawer.reprints')}</dt>
          <dd className="drawer-link-list">
            {links.data?.reprints.map((reprint) => (
              <PrintLink key={reprint.id} print={reprint} onOpen={onOpen} />
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** What is known of a print; the key only where it is known (a whole-store print's stays on its counter). */
/** A print as the drawer's facts show it: the store's may have a status or subtype only a newer Counter knows. */
type FactsPrint = Omit<PrintSummary, 'status' | 'subtype'> & {
  status: PrintSummary['status'] | 'unknown';
  subtype: PrintSummary['subtype'] | 'unknown';
  idempotencyKey?: string;
};

export function Facts({ print, terminals }: { print: FactsPrint; terminals: readonly TerminalCard[] }) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  const terminal = terminals.find((candidate) => candidate.id === print.terminalId);
  const label = useTerminalLabel();
  const error = print.lastError;
  return (
    <>
      <dl className="drawer-facts">
        <div>
          <dt>{t('term.terminal')}</dt>
          <dd>
            {terminal === undefined ? null : <strong>{label(terminal.id, terminal.name).text} · </strong>}
            <span className="mono">{print.terminalId}</span>
          </dd>
        </div>
        <div>
          <dt>{t('drawer.subtype')}</dt>
          <dd>
            {t(`subtype.${print.subtype}`)} · {formatBytes(print.contentBytes, language)}
          </dd>
        </div>
        <div>
          <dt>{t('drawer.created')}</dt>
          <dd>{fullTime(print.createdAt, language)}</dd>
        </div>
        <div>
          <dt>{t('drawer.attempts')}</dt>
          <dd>{formatCount(print.attempts, language)}</dd>
        </div>
        {print.idempotencyKey === undefined ? null : (
          <div>
            <dt>{t('drawer.key')}</dt>
            <dd className="mono drawer-key" data-testid="drawer-key">
              {print.idempotencyKey}
            </dd>
          </div>
        )}
      </dl>
      <h3 className="drawer-subtitle">{t('drawer.platform')}</h3>
      <dl className="drawer-facts">
        <div>
          <dt>{t('drawer.actionId')}</dt>
          <dd className="mono" data-testid="drawer-action">
            {print.actionId ?? t('drawer.noAction')}
          </dd>
        </div>
        <div>
          <dt>{t('drawer.lastError')}</dt>
          <dd data-testid="drawer-error">
            {error === null ? (
              t('drawer.noError')
            ) : (
              <>
                <span className="mono drawer-problem">
                  {error.code}
                  {error.status === null ? '' : ` (HTTP ${error.status})`}
                </span>{' '}
                · {fullTime(error.at, language)}
                <br />
                {printErrorText(error, language, print.status === 'needs_attention')}
                {error.retryable && print.status !== 'failed' ? ` ${t('drawer.retrying')}` : ''}
              </>
            )}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The steps; the store's may hold a status only a newer Counter knows. */
type HistoryStep = Omit<PrintDetail['history'][number], 'status'> & { status: PrintDetail['history'][number]['status'] | 'unknown'; unknownStatus?: string };

export function History({ print }: { print: { history: readonly HistoryStep[] } }) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  return (
    <>
      <h3 className="drawer-subtitle">{t('drawer.history')}</h3>
      <ol className="drawer-history" data-testid="drawer-history">
        {print.history.map((step, index) => (
          <li key={`${step.status}-${step.at}-${index}`} data-status={step.status}>
            <time dateTime={step.at} title={fullTime(step.at, language)} className="mono">
              {stepTime(step.at, language)}
            </time>
            <StatusPill status={step.status} raw={step.unknownStatus} />
            {step.reason === null ? null : <span className="drawer-reason">{fillMessage(t('drawer.reason'), { reason: step.reason })}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Esc closes a drawer (not Esc inside a modal dialog over it), and focus goes back to where it was. */
export function useDrawerDismiss(onClose: () => void): void {
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (event: KeyboardEvent) => {
      // Esc inside a modal dialog (the prune confirmation) belongs to that dialog.
      if (event.key !== 'Escape' || event.defaultPrevented || (event.target instanceof Element && event.target.closest('dialog') !== null)) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (returnTo?.isConnected === true) returnTo.focus();
    };
  }, [onClose]);
}

/**
 * One print in full, beside the table (not modal: the table stays usable): what it prints, every step
 * with its time, the keys and the platform's answers, and what can still be done with it. Esc closes
 * it and gives focus back to where it was.
 */
export const PrintDrawer = memo(function PrintDrawer({ id, terminals, onOpen, onClose }: PrintDrawerProps) {
  const t = useFeatureT(managerMessages);
  const detail = usePrintDetail(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const print = detail.data;

  useDrawerDismiss(onClose);

  // Focus goes to the heading on opening, and again when a link shows another print in the drawer.
  useEffect(() => headingRef.current?.focus(), [id]);

  return (
    <aside
      className="print-drawer"
      role="dialog"
      aria-modal="false"
      aria-labelledby="print-drawer-title"
      data-testid="print-drawer"
      data-id={id}
      data-status={print?.status}
    >
      <header className="drawer-header">
        <h2 id="print-drawer-title" ref={headingRef} tabIndex={-1}>
          {print === undefined ? t('drawer.loading') : fillMessage(t('drawer.title'), { reference: print.externalReference })}
        </h2>
        <button type="button" className="dialog-close" aria-label={t('term.close')} onClick={onClose} data-testid="close-drawer">
          ×
        </button>
      </header>
      {detail.isError ? <p className="notice notice-bad">{detail.error.failure.code === 'print_not_found' ? t('drawer.gone') : detail.error.message}</p> : null}
      {print === undefined ? null : (
        <div className="drawer-body">
          <div className="drawer-status">
            <StatusPill status={print.status} />
            <span className="drawer-updated">
              {t('drawer.updated')}: <UpdatedAt iso={print.updatedAt} />
            </span>
          </div>
          <Actions key={print.id} print={print} terminals={terminals} onOpen={onOpen} />
          <Links print={print} onOpen={onOpen} />
          <Facts print={print} terminals={terminals} />
          <History print={print} />
          <h3 className="drawer-subtitle">{t('drawer.preview')}</h3>
          <PrintPreview id={print.id} subtype={print.subtype} />
        </div>
      )}
    </aside>
  );
});

function UpdatedAt({ iso }: { iso: string }) {
  const language = useLanguage();
  return <time dateTime={iso}>{fullTime(iso, language)}</time>;
}
