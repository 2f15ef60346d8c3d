import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useContractEvent, useContractQuery } from '../../api/hooks';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/datetime';
import { otherCountersMessages } from './other-counters-messages';

/** Read again at least this often: a notification may be missed while the live feed reconnects. */
const REFRESH_MS = 5_000;

/**
 * Counters that share a terminal: the other counters' unfinished prints on the chosen terminal, from the
 * store database (nothing when it is off or cannot be reached: the lane then learns from the platform).
 */
export function OtherCountersOnTerminal({ terminalId }: { terminalId: string }) {
  const t = useFeatureT(otherCountersMessages);
  const language = useLanguage();
  const client = useQueryClient();
  const enabled = useContractQuery('store.status', {}, { staleTime: Infinity }).data?.enabled === true;
  const lines = useContractQuery('store.elsewhere', {}, { enabled, refetchInterval: REFRESH_MS, retry: false });
  const reread = useCallback(() => void client.invalidateQueries({ queryKey: ['store.elsewhere'] }), [client]);
  useContractEvent('store.changed', reread);
  const line = lines.data?.find((each) => each.terminalId === terminalId);
  const prints = line?.prints ?? [];
  if (!enabled || prints.length === 0) return null;
  const hold = line?.hold;
  return (
    <section className="unfinished-prints other-counters" aria-label={t('others.label')} data-testid="other-counters">
      <p className="hint">
        {t('others.label')} — {t('others.waits')}
      </p>
      {hold === null || hold === undefined ? null : (
        <p className="hint" role="status" data-testid="other-counter-hold">
          {fillMessage(t('others.heldBy'), {
            counter: hold.counterName,
            reference: hold.externalReference,
            status: t(`printStatus.${hold.status === 'sending' ? 'sending' : 'created'}`),
            since: formatDateTime(hold.since, language),
          })}
        </p>
      )}
      {(line?.gone ?? []).map((counter) => (
        <p className="hint" key={counter.counterId} data-testid="other-counter-gone">
          {counter.lastSeen === null
            ? fillMessage(t('others.goneNever'), { counter: counter.counterName })
            : fillMessage(t('others.gone'), { counter: counter.counterName, since: formatDateTime(counter.lastSeen, language) })}
        </p>
      ))}
      <ol>
        {prints.map((print) => (
          <li key={`${print.counterId}/${print.id}`} data-testid="other-counter-print" data-reference={print.externalReference}>
            <span className="unfinished-reference">{print.counterName}</span> <span className="mono">{print.externalReference}</span>{' '}
            {t(`printStatus.${print.status}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
