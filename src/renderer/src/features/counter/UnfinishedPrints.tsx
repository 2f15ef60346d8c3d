import { useEffect, useRef } from 'react';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { PrintTimeline } from '../../components/print-timeline/PrintTimeline';
import { fillMessage, useFeatureT } from '../../i18n';
import { counterMessages } from './messages';

/** Every other unfinished print of this counter, newest first, under the print bar: none disappears while it is on its way. */
export function UnfinishedPrintList({ prints }: { prints: readonly PrintSummary[] }) {
  const t = useFeatureT(counterMessages);
  if (prints.length === 0) return null;
  return (
    <section className="unfinished-prints" aria-label={t('unfinished.label')} data-testid="unfinished-prints">
      <ol>
        {prints.map((print) => (
          <li key={print.id} data-testid="unfinished-print" data-reference={print.externalReference}>
            <span className="unfinished-reference mono">{print.externalReference}</span>
            <PrintTimeline print={print} live={false} compact />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Asks before a second copy of what is still on its way to the same terminal. */
export function DuplicateDialog({ original, onAnswer }: { original: PrintSummary; onAnswer(printAgain: boolean): void }) {
  const t = useFeatureT(counterMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="duplicate-dialog"
      role="alertdialog"
      aria-labelledby="duplicate-title"
      aria-describedby="duplicate-text"
      data-testid="duplicate-dialog"
      onCancel={() => onAnswer(false)}
    >
      <h2 id="duplicate-title">{t('duplicate.title')}</h2>
      <p id="duplicate-text">{fillMessage(t('duplicate.text'), { reference: original.externalReference, status: t(`printStatus.${original.status}`) })}</p>
      <div className="dialog-actions">
        <button type="button" className="button" autoFocus onClick={() => onAnswer(false)} data-testid="duplicate-keep">
          {t('duplicate.keep')}
        </button>
        <button type="button" className="button button-primary" onClick={() => onAnswer(true)} data-testid="duplicate-print">
          {t('duplicate.print')}
        </button>
      </div>
    </dialog>
  );
}
