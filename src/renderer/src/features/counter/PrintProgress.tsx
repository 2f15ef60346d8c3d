import type { Ref } from 'react';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { PrintTimeline } from '../../components/print-timeline/PrintTimeline';
import { useFeatureT } from '../../i18n';
import { counterMessages } from './messages';
import { OtherCountersOnTerminal } from './OtherCounters';
import type { PrintOutcome } from './PrintBar';
import { UnfinishedPrintList } from './UnfinishedPrints';

interface PrintProgressProps {
  ref: Ref<HTMLDivElement>;
  outcome: PrintOutcome;
  /** This screen's other unfinished prints. */
  others: readonly PrintSummary[];
  /** The terminal picked, trimmed: what other counters are printing on it. */
  terminalId: string;
  onPrintAgain(id: string): void;
}

/**
 * The print followed live (with Print again when it failed), the screen's other unfinished prints and
 * other counters' prints on the same terminal. It sits above the print bar and takes its height from
 * the work area, so the Print button never moves under the cashier's pointer while a print goes on.
 */
export function PrintProgress({ ref, outcome, others, terminalId, onPrintAgain }: PrintProgressProps) {
  const t = useFeatureT(counterMessages);
  return (
    <div className="print-progress" ref={ref} data-testid="print-progress">
      {outcome.state === 'accepted' ? <PrintTimeline print={outcome.print} /> : null}
      {outcome.state === 'accepted' && outcome.print.status === 'failed' ? (
        <div className="print-again">
          <button type="button" className="button button-primary" onClick={() => onPrintAgain(outcome.print.id)} data-testid="print-again">
            {t('print.again')}
          </button>
        </div>
      ) : null}
      <UnfinishedPrintList prints={others} />
      <OtherCountersOnTerminal terminalId={terminalId} />
    </div>
  );
}
