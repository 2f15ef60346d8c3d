import { useState } from 'react';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { useContractMutation } from '../../api/hooks';
import { useFeatureT } from '../../i18n';
import { timelineMessages } from './messages';

/**
 * Try again / Give up for a print set aside after its creates kept failing. Giving up asks first: it cancels the
 * print on the platform where it may be, which cannot be undone. The answer arrives as the print's
 * change event too, so the row updates from either.
 */
export function AttentionActions({ print, onDone }: { print: PrintSummary; onDone: () => void }) {
  const t = useFeatureT(timelineMessages);
  const retry = useContractMutation('prints.retry');
  const giveUp = useContractMutation('prints.giveUp');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const pending = retry.isPending || giveUp.isPending;
  const handlers = {
    onSuccess: onDone,
    onError: (error: { message: string }) => setFailure(error.message),
  };
  const reference = <span className="visually-hidden"> {print.externalReference}</span>;

  return (
    <div className="timeline-attention" data-testid="attention-actions">
      {confirming ? (
        <div className="timeline-confirm" role="alertdialog" aria-label={t('giveUp')} data-testid="give-up-confirm">
          <p>{t('giveUpConfirm')}</p>
          <button
            type="button"
            className="button button-danger"
            disabled={pending}
            data-testid="give-up-yes"
            onClick={() => {
              setFailure(undefined);
              setConfirming(false);
              giveUp.mutate({ id: print.id }, handlers);
            }}
          >
            {t('giveUpYes')}
            {reference}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)} data-testid="give-up-no">
            {t('giveUpNo')}
          </button>
        </div>
      ) : (
        <div className="timeline-attention-buttons">
          <button
            type="button"
            className="button button-primary"
            disabled={pending}
            data-testid="attention-try-again"
            onClick={() => {
              setFailure(undefined);
              retry.mutate({ id: print.id }, handlers);
            }}
          >
            {t('tryAgain')}
            {reference}
          </button>
          <button type="button" className="button" disabled={pending} data-testid="attention-give-up" onClick={() => setConfirming(true)}>
            {t('giveUp')}
            {reference}
          </button>
        </div>
      )}
      {failure !== undefined ? (
        <p className="timeline-error timeline-error-final" role="alert" data-testid="attention-error">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
