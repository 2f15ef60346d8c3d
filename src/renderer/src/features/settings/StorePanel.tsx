import { useState, type FormEvent } from 'react';
import type { StoreDatabaseSettings } from '../../../../shared/ipc/channels/app';
import type { StoreStatus } from '../../../../shared/ipc/channels/store';
import { useSettings, useUpdateSettings } from '../../api/hooks';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { syncText, useRetrySetAside, useSetStorePassword, useStoreStatus, useTestStore } from './store-api';
import { storeSettingsMessages } from './store-messages';
import { storeTransport } from '../../../../shared/store/store-url';
import { useGuideT } from './use-guide-t';
import './settings.css';
import './setup-guide.css';

type Draft = Pick<StoreDatabaseSettings, 'url' | 'storeId' | 'storeName' | 'counterName'>;
const TEXT_FIELDS = [
  { key: 'url', label: 'store.url', hint: 'store.urlHint' },
  { key: 'storeId', label: 'store.storeId', hint: 'store.storeIdHint' },
  { key: 'storeName', label: 'store.storeName', hint: undefined },
  { key: 'counterName', label: 'store.counterName', hint: 'store.counterNameHint' },
] as const;

const KEPT_TEXT = { encrypted: 'store.passwordKept', plaintext: 'store.passwordKeptPlain', 'session-only': 'store.passwordKeptSession' } as const;

/** Settings' "Store database": off by default; address and names, the password apart, a test, and the sync state. */
export function StorePanel() {
  const t = useFeatureT(storeSettingsMessages);
  const guideT = useGuideT();
  const saved = useSettings().data?.storeDatabase;
  const status = useStoreStatus().data;
  const update = useUpdateSettings();
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  if (saved === undefined || status === undefined) return null;
  const shown: Draft = draft ?? { url: saved.url, storeId: saved.storeId, storeName: saved.storeName, counterName: saved.counterName };
  // The draft stays until the saved settings equal it: no flash of the old values while the save travels.
  const dirty = TEXT_FIELDS.some((field) => shown[field.key] !== saved[field.key]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ storeDatabase: shown });
  };
  return (
    <section className="card setup-panel" aria-labelledby="store-db-title" data-testid="store-panel">
      <h2 id="store-db-title">{t('store.title')}</h2>
      <p className="hint">{t('store.lead')}</p>
      {/* The database's address and names are for whoever runs the store's IT: folded away for the owner. */}
      <details className="setup-advanced" data-testid="store-advanced">
        <summary>{guideT('guide.advanced.store')}</summary>
        <div className="setup-advanced-body">
          <label className="radio">
            <input
              type="checkbox"
              checked={saved.enabled}
              onChange={(event) => update.mutate({ storeDatabase: { ...(dirty ? shown : {}), enabled: event.target.checked } })}
              data-testid="store-enabled"
            />
            {t('store.enabled')}
          </label>
          <form className="setup-form" onSubmit={save}>
            {TEXT_FIELDS.map((field) => (
              <div className="setup-field" key={field.key}>
                <label htmlFor={`store-${field.key}`}>{t(field.label)}</label>
                <input
                  id={`store-${field.key}`}
                  className={field.key === 'url' ? 'mono' : undefined}
                  value={shown[field.key]}
                  spellCheck={false}
                  onChange={(event) => setDraft({ ...shown, [field.key]: event.target.value })}
                  data-testid={`store-${field.key}`}
                />
                {field.hint === undefined ? null : <p className="hint">{t(field.hint)}</p>}
                {field.key === 'url' ? <p className="hint">{t('store.urlMoves')}</p> : null}
              </div>
            ))}
            <div className="setup-actions">
              <button type="submit" className="button button-primary" disabled={!dirty || update.isPending} data-testid="store-save">
                {t('store.save')}
              </button>
              <span className="hint" role="status">
                {update.error?.message ?? (update.isSuccess && !dirty ? t('store.saved') : '')}
              </span>
            </div>
          </form>
          <StoreTlsWarning url={saved.url} />
          <StorePassword status={status} />
          {status.counterId === '' ? null : <p className="hint mono">{fillMessage(t('store.counterId'), { id: status.counterId })}</p>}
        </div>
      </details>
      <StoreSyncLine status={status} />
      <StoreSetAside status={status} />
    </section>
  );
}

function StorePassword({ status }: { status: StoreStatus }) {
  const t = useFeatureT(storeSettingsMessages);
  const setPassword = useSetStorePassword();
  const [password, setTyped] = useState('');
  const keep = (event: FormEvent) => {
    event.preventDefault();
    setPassword.run(password);
    setTyped('');
  };
  return (
    <form className="setup-form" onSubmit={keep}>
      <div className="setup-field">
        <label htmlFor="store-password">{t('store.password')}</label>
        <input id="store-password" type="password" autoComplete="new-password" value={password} onChange={(event) => setTyped(event.target.value)} />
        <p className="hint" data-testid="store-password-state">
          {status.passwordSet ? t(KEPT_TEXT[status.passwordStorage]) : status.passwordForgotten ? t('store.passwordForgotten') : t('store.passwordNone')}
          {status.passwordStorage === 'session-only' && !status.passwordSet ? ` ${t('store.passwordSession')}` : ''}
        </p>
      </div>
      <div className="setup-actions">
        <button type="submit" className="button" disabled={password === ''}>
          {t('store.passwordSave')}
        </button>
        {status.passwordSet ? (
          <button type="button" className="button" onClick={() => setPassword.run(null)}>
            {t('store.passwordForget')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The sync state as it is now (events from main), and the test call's answer. */
function StoreSyncLine({ status }: { status: StoreStatus }) {
  const t = useFeatureT(storeSettingsMessages);
  const language = useLanguage();
  const test = useTestStore();
  const answer = test.data;
  const sync = status.sync;
  return (
    <div className="setup-connection">
      <p className="setup-state" role="status" data-testid="store-sync" data-kind={sync.kind}>
        {t('store.sync')}: {syncText(sync, t, language)}
      </p>
      {sync.kind === 'error' ? <p className="hint mono">{fillMessage(t('sync.reason'), { reason: sync.reason })}</p> : null}
      <div className="setup-actions">
        <button type="button" className="button" onClick={() => test.mutate({})} disabled={test.isPending || !status.enabled} data-testid="store-test">
          {test.isPending ? t('store.testing') : t('store.test')}
        </button>
        <span className="hint" role="status" data-testid="store-test-result">
          {test.error?.message ??
            (answer === undefined
              ? ''
              : answer.ok
                ? fillMessage(t('store.testOk'), { ms: Math.round(answer.latencyMs), version: answer.serverVersion, schema: answer.schemaVersion })
                : `${answer.message} — ${answer.reason}`)}
        </span>
      </div>
    </div>
  );
}

/** Outbox entries the store refused: what, why (the database's words), and Retry. */
function StoreSetAside({ status }: { status: StoreStatus }) {
  const t = useFeatureT(storeSettingsMessages);
  const retry = useRetrySetAside();
  const { count, entries } = status.setAside;
  if (count === 0) return null;
  return (
    <div className="setup-connection" data-testid="store-set-aside">
      <h3>{t('aside.title')}</h3>
      <p className="hint">{t('aside.lead')}</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.seq} data-testid="store-set-aside-entry">
            <span>
              {t(`aside.kind.${entry.kind}`)} <span className="mono">{entry.recordId}</span>
            </span>{' '}
            <span className="hint mono">{fillMessage(t('sync.reason'), { reason: entry.reason })}</span>{' '}
            <button type="button" className="button" onClick={() => retry.run(entry.seq)} disabled={retry.isPending}>
              {t('aside.retry')}
            </button>
          </li>
        ))}
      </ul>
      {count > entries.length ? <p className="hint">{fillMessage(t('aside.more'), { count: count - entries.length })}</p> : null}
      <button type="button" className="button" onClick={() => retry.run(null)} disabled={retry.isPending}>
        {t('aside.retryAll')}
      </button>
    </div>
  );
}

/** The saved address's transport, when it is not TLS with the server checked (docs/store-database.md). */
function StoreTlsWarning({ url }: { url: string }) {
  const t = useFeatureT(storeSettingsMessages);
  const transport = storeTransport(url);
  if (transport === 'plaintext')
    return (
      <p className="notice notice-warn" role="alert" data-testid="store-tls-warning" data-transport={transport}>
        {t('store.tlsPlaintext')}
      </p>
    );
  if (transport !== 'unverified') return null;
  const mode = new URL(url).searchParams.get('sslmode') ?? '';
  return (
    <p className="notice notice-warn" data-testid="store-tls-warning" data-transport={transport}>
      {fillMessage(t('store.tlsUnverified'), { mode })}
    </p>
  );
}
