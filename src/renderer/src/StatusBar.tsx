import { useEffect, useSyncExternalStore } from 'react';
import type { ConnectionState } from '../../shared/ipc/channels/app';
import { isHostGone, onHostPresence } from './api/bridge';
import { useAppInfo, useCheckConnection, useConnection } from './api/hooks';
import { fillMessage, useLanguage, useT } from './i18n';
import type { MessageKey } from './i18n/messages';
import { formatRecent } from './lib/datetime';
import { SaveDiagnostics } from './features/help/DiagnosticsDialog';
import { UpdateNotice } from './features/help/UpdateNotice';
import { BacklogPrompt } from './features/backlog/BacklogPrompt';

type Reason = NonNullable<ConnectionState['reason']> | 'host';

const REASON_TEXT: Record<Reason, MessageKey | null> = {
  none: null,
  no_answer: 'status.reason.no_answer',
  server_errors: 'status.reason.server_errors',
  access: 'status.reason.access',
  partial: 'status.reason.partial',
  host: 'status.reason.host',
};

/**
 * The light is main's, derived from recent facts, except when the host itself stopped answering: then
 * nothing main said can be trusted any more. The technical detail (addresses, codes) stays behind "Details".
 */
export function StatusBar() {
  const t = useT();
  const language = useLanguage();
  const info = useAppInfo();
  const connection = useConnection();
  const check = useCheckConnection();
  const hostGone = useSyncExternalStore(onHostPresence, isHostGone);
  const { refetch } = connection;
  // Back from a break in the host's stream: events may have been missed, so the light is read again.
  useEffect(() => {
    if (!hostGone) void refetch();
  }, [hostGone, refetch]);
  const state = hostGone ? 'offline' : (connection.data?.state ?? 'connecting');
  const reason: Reason = hostGone ? 'host' : (connection.data?.reason ?? 'none');
  const reasonKey = REASON_TEXT[reason];
  const onlineAt = connection.data?.onlineAt;
  const lastOnline = state === 'offline' && onlineAt ? ` · ${fillMessage(t('status.lastOnline'), { time: formatRecent(onlineAt, language) })}` : '';
  const reasonText = reasonKey === null ? null : `${t(reasonKey)}${lastOnline}`;
  const detail = hostGone ? null : (connection.data?.detail ?? null);
  const environment = info.data?.environment;
  return (
    <footer className="status-bar" role="contentinfo">
      <span className={`env-badge env-${environment ?? 'unknown'}`} data-testid="status-environment">
        {t('status.environment')}: {environment === undefined ? '…' : t(environment === 'sandbox' ? 'status.env.sandbox' : 'status.env.production')}
      </span>
      <span className={`connection connection-${state}`} data-testid="status-connection" data-reason={reason} role="status" aria-live="polite">
        <span className="dot" aria-hidden="true" />
        {t('status.connection')}: {t(`status.${state}`)}
      </span>
      {reasonText !== null ? (
        // Cut with an ellipsis when the bar is narrow (Spanish at 1024 px): the whole sentence in its title.
        <span className={`connection-reason reason-${reason}`} data-testid="status-reason" title={reasonText}>
          {reasonText}
        </span>
      ) : null}
      <button type="button" className="link-button" onClick={() => check.mutate({})} disabled={check.isPending || hostGone}>
        {t('status.check')}
      </button>
      <SaveDiagnostics />
      <UpdateNotice />
      <BacklogPrompt />
      <span className="spacer" />
      <details className="status-details" data-testid="status-details">
        <summary>{t('status.details')}</summary>
        <dl>
          <dt>{t('status.address')}</dt>
          <dd className="platform-url">{info.data?.platformBaseUrl ?? '…'}</dd>
          {detail !== null ? (
            <>
              <dt>{t('status.lastProblem')}</dt>
              <dd className="connection-detail">{detail}</dd>
            </>
          ) : null}
        </dl>
      </details>
      <span className="version">
        {t('status.version')} {info.data?.version}
      </span>
    </footer>
  );
}
