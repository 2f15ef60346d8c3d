import { useEffect, useState, type FormEvent } from 'react';
import type { Person, StaffStatus } from '../../../../shared/ipc/channels/staff';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { staffMessages } from './messages';
import { keepFocus, PinPad } from './PinPad';
import { useSignIn } from './use-staff-actions';

/** Who may sign in, numbered 1–9 so a person is one key away, then their PIN. Nothing of the counter shows behind it. */
export function LockScreen({ status }: { status: StaffStatus }) {
  const t = useFeatureT(staffMessages);
  const language = useLanguage();
  const [chosen, setChosen] = useState<Person | undefined>(undefined);
  const [pin, setPin] = useState('');
  const signIn = useSignIn();
  const person = chosen === undefined ? undefined : (status.people.find((each) => each.id === chosen.id) ?? chosen);

  const choose = (next: Person | undefined) => {
    setChosen(next);
    setPin('');
    signIn.reset();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (chosen !== undefined) {
        if (event.key === 'Escape') choose(undefined);
        return;
      }
      const index = Number(event.key) - 1;
      const next = Number.isInteger(index) && index >= 0 ? status.people[index] : undefined;
      if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      choose(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (person !== undefined && pin.length >= 4) signIn.run({ personId: person.id, pin }, () => setPin(''));
  };

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-labelledby="lock-title" data-testid="lock-screen">
      <div className="lock-card">
        <h1 id="lock-title">{t('lock.title')}</h1>
        <p className="lead">{t('lock.lead')}</p>
        {person === undefined ? (
          <>
            <h2>{t('lock.choose')}</h2>
            <ol className="lock-people">
              {status.people.map((each, index) => (
                <li key={each.id}>
                  <button type="button" className="lock-person" onClick={() => choose(each)} data-testid={`lock-person-${index + 1}`}>
                    <kbd>{index + 1}</kbd> {each.name} <span className="muted">{t(`role.${each.role}`)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <form onSubmit={submit}>
            <h2>{fillMessage(t('lock.pinFor'), { name: person.name })}</h2>
            {person.lockedUntil !== null && (
              <p className="notice warn" role="status">
                {fillMessage(t('lock.lockedUntil'), { until: new Date(person.lockedUntil).toLocaleTimeString(language) })}
              </p>
            )}
            <PinPad id="lock-pin" label={t('lock.pin')} value={pin} onChange={setPin} testId="lock-pin" autoFocus />
            {signIn.error !== null && (
              <p className="notice bad" role="alert" data-testid="lock-error" data-code={signIn.error.failure.code}>
                {signIn.error.message}
              </p>
            )}
            <div className="lock-actions">
              <button type="button" className="button" onClick={() => choose(undefined)}>
                {t('lock.back')}
              </button>
              <button
                type="submit"
                className="button button-primary"
                disabled={pin.length < 4 || signIn.isPending}
                onMouseDown={keepFocus}
                data-testid="lock-sign-in"
              >
                {t('lock.signIn')}
              </button>
            </div>
          </form>
        )}
        <p className="hint">{t('lock.keys')}</p>
        {status.demo.length > 0 && (
          <div className="lock-demo" data-testid="lock-demo">
            <p>{t('lock.demo')}</p>
            <ul>
              {status.demo.map((demo) => (
                <li key={demo.name}>{fillMessage(t('lock.demoPerson'), { name: demo.name, role: t(`role.${demo.role}`), pin: demo.pin })}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
