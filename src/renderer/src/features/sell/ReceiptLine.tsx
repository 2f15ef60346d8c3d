import { useState } from 'react';
import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { lastErrorText } from '../../../../shared/i18n/print-errors';
import { useContractMutation } from '../../api/hooks';
import { useFeatureT, useLanguage } from '../../i18n';
import { sellMessages } from './messages';
import { useReceiptPrint } from './use-sell-data';

type ReceiptWord =
  'receipt' | 'receipt.slip' | 'receipt.preparing' | 'receipt.sent' | 'receipt.printing' | 'receipt.failed' | 'receipt.waiting' | 'receipt.canceled';

/** The receipt's state in words: "printed" only once the terminal says the print is processed. */
const RECEIPT_WORDS: Readonly<Record<string, ReceiptWord>> = {
  queued: 'receipt.sent',
  sending: 'receipt.sent',
  created: 'receipt.sent',
  on_terminal: 'receipt.printing',
  processed: 'receipt',
  failed: 'receipt.failed',
  needs_attention: 'receipt.waiting',
  canceled: 'receipt.canceled',
};

/** Whether the sale has (or will have) a Counter receipt at all. */
export function expectsReceipt(sale: Pick<TerminalSale, 'status' | 'printOnTerminal' | 'receiptPrintId'>): boolean {
  return sale.printOnTerminal === 'no_ticket' && (sale.receiptPrintId !== null || sale.status === 'processed' || sale.status === 'refunded');
}

/** The receipt's word for a print status (none: no print yet). */
export function receiptWord(status: string | undefined): ReceiptWord {
  return status === undefined ? 'receipt.preparing' : (RECEIPT_WORDS[status] ?? 'receipt.sent');
}

/**
 * The receipt on the sale's card: its print's live state, its failure (out of paper…) and Print again,
 * on the same card as the sale, so the cashier never has to look for it in the queue.
 */
export function ReceiptLine({ sale }: { sale: TerminalSale }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const [againId, setAgainId] = useState<string | null>(null);
  const printId = againId ?? sale.receiptPrintId;
  const print = useReceiptPrint(printId).data;
  const reprint = useContractMutation('prints.reprint');
  const retry = useContractMutation('prints.retry');
  if (sale.printOnTerminal !== 'no_ticket') {
    return (
      <p className="sale-receipt" data-testid="receipt-state" data-state="slip">
        {t('receipt.slip')}
      </p>
    );
  }
  if (!expectsReceipt(sale)) return null;
  const status = printId === null ? undefined : print?.status;
  const problem = print === undefined ? '' : lastErrorText(print, language);
  const bad = status === 'failed' || status === 'canceled' || status === 'needs_attention';
  return (
    <div className={`sale-receipt${bad ? ' sale-receipt-bad' : ''}`} data-testid="receipt-state" data-state={status ?? 'none'} role="status">
      <p data-testid={status === 'processed' ? 'receipt-printed' : undefined}>
        <strong>{t(receiptWord(status))}</strong> {bad && problem !== '' ? <span data-testid="receipt-problem">{problem}</span> : null}
      </p>
      {(status === 'failed' || status === 'canceled') && printId !== null && (
        <button
          type="button"
          className="button"
          data-testid="receipt-again"
          disabled={reprint.isPending}
          onClick={() => reprint.mutate({ id: printId }, { onSuccess: (again) => setAgainId(again.id) })}
        >
          {t('receipt.again')}
        </button>
      )}
      {status === 'needs_attention' && printId !== null && (
        <button type="button" className="button" data-testid="receipt-retry" disabled={retry.isPending} onClick={() => retry.mutate({ id: printId })}>
          {t('receipt.retry')}
        </button>
      )}
      {(reprint.error ?? retry.error) !== null && (
        <p role="alert" className="problem">
          {(reprint.error ?? retry.error)?.message}
        </p>
      )}
    </div>
  );
}
