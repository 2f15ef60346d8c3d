import { memo, useState, type RefObject } from 'react';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { usePrune, usePruneCount } from './api';
import { formatCount, fullTime } from './format';
import { managerMessages } from './messages';

const AGES_IN_DAYS = [30, 90, 180, 365] as const;

interface PruneDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  open: boolean;
  onClosed(): void;
  onPruned(removed: number): void;
}

/**
 * Forgetting history is for good, so it is asked twice: pick an age, read how many records that
 * removes (counted by main, as the prune itself would), then confirm that number. Esc cancels.
 */
export const PruneDialog = memo(function PruneDialog({ dialogRef, open, onClosed, onPruned }: PruneDialogProps) {
  const t = useFeatureT(managerMessages);
  const language = useLanguage();
  const [days, setDays] = useState<number>(180);
  const count = usePruneCount(days, open);
  const prune = usePrune();
  const close = () => dialogRef.current?.close();

  const confirm = () =>
    prune.mutate(days, {
      onSuccess: ({ removed }) => {
        onPruned(removed);
        close();
      },
    });

  return (
    <dialog
      ref={dialogRef}
      className="app-dialog prune-dialog"
      aria-labelledby="prune-title"
      aria-describedby="prune-count"
      onClose={onClosed}
      data-testid="prune-dialog"
    >
      <header className="dialog-header">
        <h2 id="prune-title">{t('prune.title')}</h2>
        <button type="button" className="dialog-close" aria-label={t('prune.cancel')} onClick={close}>
          ×
        </button>
      </header>
      <label className="prune-age">
        {t('prune.age')}
        <select value={days} onChange={(event) => setDays(Number(event.target.value))} data-testid="prune-age">
          {AGES_IN_DAYS.map((age) => (
            <option key={age} value={age}>
              {fillMessage(t('prune.days'), { count: age })}
            </option>
          ))}
        </select>
      </label>
      <p id="prune-count" className="notice" role="status" data-testid="prune-count" data-count={count.data?.count ?? ''}>
        {count.isError ? count.error.message : null}
        {count.data === undefined && !count.isError ? t('prune.counting') : null}
        {count.data === undefined
          ? null
          : count.data.count === 0
            ? t('prune.none')
            : fillMessage(t('prune.count'), { count: formatCount(count.data.count, language), date: fullTime(count.data.before, language) })}
      </p>
      {prune.isError ? <p className="notice notice-bad">{prune.error.message}</p> : null}
      <div className="dialog-buttons">
        <button type="button" className="button" onClick={close}>
          {t('prune.cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={count.data === undefined || count.data.count === 0 || count.isFetching || prune.isPending}
          onClick={confirm}
          data-testid="prune-confirm"
        >
          {fillMessage(t('prune.confirm'), { count: formatCount(count.data?.count ?? 0, language) })}
        </button>
      </div>
    </dialog>
  );
});
