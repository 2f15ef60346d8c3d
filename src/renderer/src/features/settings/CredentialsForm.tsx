import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AuthorizationPageUrl, ClientId, LoopbackRedirectUri, PlatformBaseUrl } from '../../../../shared/ipc/channels/app';
import type { CredentialsStatus, SetProductionRequest } from '../../../../shared/ipc/channels/credentials';
import type { ProductionSetupKey } from '../../../../shared/i18n';
import { call } from '../../api/bridge';
import { useCredentialsAction, useSetupText } from './api';

type FieldName = 'baseUrl' | 'clientId' | 'redirectUri' | 'authorizationUrl';

/** Each field, its schema (the contract's own, so the screen and main refuse the same input) and its message. */
const FIELDS: ReadonlyArray<{ name: FieldName; schema: z.ZodType<string>; invalid: ProductionSetupKey; mono: boolean }> = [
  { name: 'baseUrl', schema: PlatformBaseUrl, invalid: 'invalid.baseUrl', mono: true },
  { name: 'clientId', schema: ClientId, invalid: 'invalid.clientId', mono: true },
  { name: 'redirectUri', schema: LoopbackRedirectUri, invalid: 'invalid.redirectUri', mono: true },
  { name: 'authorizationUrl', schema: AuthorizationPageUrl, invalid: 'invalid.authorizationUrl', mono: true },
];

type Draft = Record<FieldName, string> & { clientSecret: string };

const draftOf = (production: CredentialsStatus['production']): Draft => ({
  baseUrl: production.baseUrl,
  clientId: production.clientId,
  redirectUri: production.redirectUri ?? '',
  authorizationUrl: production.authorizationUrl,
  clientSecret: '',
});

/** Production's base URL, client ID and secret, redirect URI and sign-in page; saved together. */
export function CredentialsForm({ production }: { production: CredentialsStatus['production'] }) {
  const text = useSetupText();
  const save = useCredentialsAction('credentials.setProduction');
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(production));
  const [problems, setProblems] = useState<Partial<Record<FieldName, ProductionSetupKey>>>({});
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found: Partial<Record<FieldName, ProductionSetupKey>> = {};
    const request: SetProductionRequest = {};
    for (const field of FIELDS) {
      const parsed = field.schema.safeParse(draft[field.name]);
      if (!parsed.success) found[field.name] = field.invalid;
      else if (parsed.data !== (production[field.name] ?? '')) request[field.name] = parsed.data;
    }
    if (draft.clientSecret.trim() !== '') request.clientSecret = draft.clientSecret.trim();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    void save.run(request).then((status) => {
      setDraft(draftOf(status.production));
      setSaved(true);
      if (request.baseUrl === undefined) return;
      // The status bar shows the platform's address and whether it answers: both follow the new base URL.
      void client.invalidateQueries({ queryKey: ['app.info'] });
      void call('connection.check', {}).catch(() => undefined);
    });
  };

  const input = (name: FieldName | 'clientSecret') => ({
    id: `setup-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
    'data-testid': `setup-${name}`,
    spellCheck: false,
  });

  return (
    <form className="setup-form" onSubmit={submit} noValidate data-testid="setup-form">
      {FIELDS.map((field) => (
        <div key={field.name} className="setup-field">
          <label htmlFor={`setup-${field.name}`}>{text(field.name)}</label>
          <input
            {...input(field.name)}
            className={field.mono ? 'mono' : undefined}
            aria-invalid={problems[field.name] !== undefined}
            aria-describedby={`setup-${field.name}-note`}
          />
          <p id={`setup-${field.name}-note`} className={problems[field.name] === undefined ? 'hint' : 'field-problem'} data-testid={`setup-${field.name}-note`}>
            {problems[field.name] !== undefined
              ? text(problems[field.name]!)
              : field.name === 'redirectUri'
                ? text('redirectHint')
                : field.name === 'baseUrl'
                  ? text('baseUrlHint')
                  : ''}
          </p>
        </div>
      ))}
      <div className="setup-field">
        <label htmlFor="setup-clientSecret">{text('clientSecret')}</label>
        <input {...input('clientSecret')} className="mono" type="password" autoComplete="off" aria-describedby="setup-clientSecret-note" />
        <p id="setup-clientSecret-note" className="hint" data-testid="setup-clientSecret-note">
          {production.hasClientSecret ? text('secretStored') : ''}
        </p>
      </div>
      <div className="setup-actions">
        <button type="submit" className="primary-button" disabled={save.isPending} data-testid="setup-save">
          {text('save')}
        </button>
        <span className={save.isError ? 'field-problem' : 'hint'} role="status" data-testid="setup-save-status">
          {save.isError ? save.error.message : saved ? text('saved') : ''}
        </span>
      </div>
    </form>
  );
}
