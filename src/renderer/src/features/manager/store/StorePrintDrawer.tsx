import { useEffect, useRef } from 'react';
import type { TerminalCard } from '../../../../../shared/ipc/channels/manager';
import { isFinalPrintStatus } from '../../../../../shared/lifecycle/print';
import type { StorePrintSummary } from '../../../../../shared/ipc/channels/store';
import { fillMessage, useFeatureT, useLanguage } from '../../../i18n';
import { fullTime } from '../format';
import { managerMessages } from '../messages';
import { Facts, History, useDrawerDismiss } from '../PrintDrawer';
import { PrintPreview } from '../PrintPreview';
import { StatusPill } from '../StatusPill';
import { useStorePrint } from './api';
import { storeViewMessages } from './messages';

interface StorePrintDrawerProps {
  print: StorePrintSummary;
  ownCounterId: string | undefined;
  terminals: readonly TerminalCard[];
  /** Reprint or cancel through the counter that owns the print (store.command), as the row does. */
  onAsk(print: StorePrintSummary, kind: 'reprint' | 'cancel'): void;
  onClose(): void;
}

/**
 * One print of any counter beside the whole-store table, as this counter's drawer shows its own: the
 * counter, the facts and every step from the store database. What it prints is shown for this counter's
 * own prints only; another counter's content stays on that counter. Esc closes it and focus goes back.
 */
export function StorePrintDrawer({ print: row, ownCounterId, terminals, onAsk, onClose }: StorePrintDrawerProps) {
  const t = useFeatureT(storeViewMessages);
  const m = useFeatureT(managerMessages);
  const language = useLanguage();
  const detail = useStorePrint({ counterId: row.counterId, id: row.id });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const print = detail.data ?? { ...row, history: [] };
  const own = row.counterId === ownCounterId;

  useDrawerDismiss(onClose);
  useEffect(() => headingRef.current?.focus(), [row.counterId, row.id]);

  return (
    <aside className="print-drawer" role="dialog" aria-modal="false" aria-labelledby="store-drawer-title" data-testid="store-drawer" data-status={print.status}>
      <header className="drawer-header">
        <h2 id="store-drawer-title" ref={headingRef} tabIndex={-1}>
          {fillMessage(m('drawer.title'), { reference: print.externalReference })}
        </h2>
        <button type="button" className="dialog-close" aria-label={m('term.close')} onClick={onClose} data-testid="close-store-drawer">
          ×
        </button>
      </header>
      {detail.isError ? <p className="notice notice-bad">{detail.error.message}</p> : null}
      <div className="drawer-body">
        <div className="drawer-status">
          <StatusPill status={print.status} raw={print.unknown?.status} />
          <span className="drawer-updated">
            {m('drawer.updated')}: <time dateTime={print.updatedAt}>{fullTime(print.updatedAt, language)}</time>
          </span>
        </div>
        <dl className="drawer-facts">
          <div>
            <dt>{t('store.counter')}</dt>
            <dd data-testid="store-drawer-counter">
              {print.counterName}
              {own ? <span className="hint"> ({t('store.you')})</span> : null}
            </dd>
          </div>
        </dl>
        <div className="drawer-buttons">
          <button type="button" className="button" onClick={() => onAsk(row, 'reprint')} data-testid="store-drawer-reprint">
            {t('store.reprint')}
          </button>
          {print.status === 'unknown' || isFinalPrintStatus(print.status) ? null : (
            <button type="button" className="button button-danger" onClick={() => onAsk(row, 'cancel')} data-testid="store-drawer-cancel">
              {t('store.cancel')}
            </button>
          )}
        </div>
        <Facts print={print} terminals={terminals} />
        <History print={print} />
        <h3 className="drawer-subtitle">{m('drawer.preview')}</h3>
        {own && print.subtype !== 'unknown' ? (
          <PrintPreview id={print.id} subtype={print.subtype} />
        ) : (
          <p className="hint" data-testid="store-drawer-content-elsewhere">
            {fillMessage(t('drawer.contentElsewhere'), { counter: print.counterName })}
          </p>
        )}
      </div>
    </aside>
  );
}
