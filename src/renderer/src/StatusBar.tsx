import { useAppInfo, useCheckConnection, useConnection } from './api/hooks';
import { useT } from './i18n';
import { SaveDiagnostics } from './features/help/DiagnosticsDialog';
import { BacklogPrompt } from './features/backlog/BacklogPrompt';

export function StatusBar() {
  const t = useT();
  const info = useAppInfo();
  const connection = useConnection();
  const check = useCheckConnection();
  const state = connection.data?.state ?? 'connecting';
  const environment = info.data?.environment;
  return (
    <footer className="status-bar" role="contentinfo">
      <span className={`env-badge env-${environment ?? 'unknown'}`} data-testid="status-environment">
        {t('status.environment')}: {environment === undefined ? '…' : t(environment === 'sandbox' ? 'status.env.sandbox' : 'status.env.production')}
      </span>
      <span className={`connection connection-${state}`} data-testid="status-connection" role="status" aria-live="polite">
        <span className="dot" aria-hidden="true" />
        {t('status.connection')}: {t(`status.${state}`)}
      </span>
      {connection.data?.detail ? (
        <span className="connection-detail" title={connection.data.detail}>
          {connection.data.detail}
        </span>
      ) : null}
      <button type="button" className="link-button" onClick={() => check.mutate({})} disabled={check.isPending}>
        {t('status.check')}
      </button>
      <SaveDiagnostics />
      <BacklogPrompt />
      <span className="spacer" />
      <span className="platform-url" title={info.data?.platformBaseUrl}>
        {info.data?.platformBaseUrl}
      </span>
      <span className="version">
        {t('status.version')} {info.data?.version}
      </span>
    </footer>
  );
}
