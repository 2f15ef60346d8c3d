import { useState } from 'react';
import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';
import { call } from '../../api/bridge';
import { useLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/datetime';
import { formatCount, pluralOf } from '../../lib/numbers';
import { useCredentialsAction, useCredentialsStatus, useSetupText } from './api';
import { CredentialsForm } from './CredentialsForm';
import { useSignInPage } from './sign-in-page';
import { useGuideT } from './use-guide-t';
import './settings.css';
import './setup-guide.css';

/** Settings' "Connect to the platform": credentials, sign-in, a test call and where secrets are kept. */
export function ConnectPanel() {
  const text = useSetupText();
  const guideT = useGuideT();
  const status = useCredentialsStatus().data;
  if (status === undefined) return null;
  return (
    <section className="card setup-panel" aria-labelledby="setup-title" data-testid="connect-panel">
      <h2 id="setup-title">{text('title')}</h2>
      <p className="hint">{status.environment === 'sandbox' ? text('sandboxNote') : text('lead')}</p>
      <SecretStorage status={status} />
      <Connection status={status} />
      {/* The developer fields: a store owner signs in from the set-up guide and never needs them. */}
      <details className="setup-advanced" data-testid="connect-advanced">
        <summary>{guideT('guide.advanced')}</summary>
        <div className="setup-advanced-body">
          <CredentialsForm production={status.production} />
        </div>
      </details>
    </section>
  );
}

function SecretStorage({ status }: { status: CredentialsStatus }) {
  const text = useSetupText();
  const allow = useCredentialsAction('credentials.allowPlaintext');
  const storage = status.secretStorage;
  if (storage.encryptionAvailable) return null;
  return (
    <div className="setup-storage" data-testid="secret-storage">
      <p>{storage.mode === 'plaintext' ? text('storagePlaintext') : text('storageSessionOnly')}</p>
      <label className="radio">
        <input
          type="checkbox"
          checked={storage.plaintextAllowed}
          onChange={(event) => void allow.run({ allow: event.target.checked })}
          data-testid="allow-plaintext"
        />
        {text('storageAllow')}
      </label>
    </div>
  );
}

function stateText(status: CredentialsStatus, text: ReturnType<typeof useSetupText>): string {
  return status.state === 'error' ? text('state.error', { message: status.lastError?.message ?? '' }) : text(`state.${status.state}`);
}

/** The status of the current environment's credentials, sign-in and sign-out, and the test call. */
function Connection({ status }: { status: CredentialsStatus }) {
  const text = useSetupText();
  const language = useLanguage();
  const signIn = useCredentialsAction('credentials.signIn');
  const cancel = useCredentialsAction('credentials.cancelSignIn');
  const signOut = useCredentialsAction('credentials.signOut');
  const [test, setTest] = useState<{ state: 'idle' | 'running' } | { state: 'done'; message: string; ok: boolean }>({ state: 'idle' });
  const token = status.token;
  const expires = token === null ? '' : formatDateTime(token.expiresAt, language);
  const signInPage = useSignInPage();

  const runTest = () => {
    setTest({ state: 'running' });
    call('terminals.list', {}).then(
      (list) => {
        const count = list.terminals.length;
        const key = pluralOf(count, language) === 'one' ? 'testOk.one' : 'testOk';
        setTest({ state: 'done', ok: true, message: text(key, { count: formatCount(count, language) }) });
      },
      (error: unknown) =>
        setTest({ state: 'done', ok: false, message: text('testFailed', { message: error instanceof Error ? error.message : String(error) }) }),
    );
  };

  return (
    <div className="setup-connection" data-testid="setup-connection">
      <p className={`setup-state setup-state-${status.state}`} role="status" data-testid="setup-state">
        {stateText(status, text)}
      </p>
      {token === null ? null : (
        <p className="hint" data-testid="setup-token">
          {token.grant === 'authorization_code' ? text('token.user', { userId: token.userId }) : text('token.application', { userId: token.userId })}{' '}
          {text('token.details', { type: token.type, expires })}
        </p>
      )}
      {status.signInInProgress ? (
        <p className="hint" data-testid="sign-in-progress">
          {text('signingIn')}
          {signInPage.url === null ? null : (
            <>
              {' '}
              <a href={signInPage.url} target="_blank" rel="noopener noreferrer" data-testid="sign-in-link">
                {text('signInOpenAgain')}
              </a>
            </>
          )}
        </p>
      ) : null}
      <div className="setup-actions">
        {status.signInInProgress ? (
          <button type="button" className="secondary-button" onClick={() => void cancel.run({})} data-testid="cancel-sign-in">
            {text('cancelSignIn')}
          </button>
        ) : (
          <button
            type="button"
            className="secondary-button"
            disabled={status.state === 'not_configured'}
            onClick={() => {
              signInPage.expect();
              void signIn.run({}).catch(() => undefined);
            }}
            data-testid="sign-in"
          >
            {text('signIn')}
          </button>
        )}
        {status.identity === 'user' ? (
          <button type="button" className="secondary-button" onClick={() => void signOut.run({})} data-testid="sign-out">
            {text('signOut')}
          </button>
        ) : null}
        <button
          type="button"
          className="secondary-button"
          disabled={test.state === 'running' || status.state === 'not_configured'}
          onClick={runTest}
          data-testid="test-connection"
        >
          {test.state === 'running' ? text('testing') : text('test')}
        </button>
      </div>
      {test.state === 'done' ? (
        <p className={test.ok ? 'setup-test-ok' : 'field-problem'} role="status" data-testid="test-result">
          {test.message}
        </p>
      ) : null}
    </div>
  );
}
