import { useState, type FormEvent } from 'react';
import { useFeatureT } from '../../i18n';
import { staffMessages } from './messages';
import { PinPad } from './PinPad';
import { useSetUpOwner } from './use-staff-actions';

/** The first start (outside the sandbox's demo): the owner's name and PIN, typed twice. */
export function OwnerSetup() {
  const t = useFeatureT(staffMessages);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const setUp = useSetUpOwner();
  const mismatch = again.length > 0 && again !== pin;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mismatch && pin.length >= 4 && name.trim() !== '') setUp.run({ name, pin });
  };
  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-labelledby="setup-title" data-testid="owner-setup">
      <form className="lock-card" onSubmit={submit}>
        <h1 id="setup-title">{t('setup.title')}</h1>
        <p className="lead">{t('setup.lead')}</p>
        <label htmlFor="setup-name">{t('setup.name')}</label>
        <input id="setup-name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} data-testid="setup-name" autoFocus />
        <PinPad id="setup-pin" label={t('setup.pin')} value={pin} onChange={setPin} testId="setup-pin" />
        <PinPad id="setup-pin-again" label={t('setup.pinAgain')} value={again} onChange={setAgain} testId="setup-pin-again" />
        {mismatch && (
          <p className="notice warn" role="status">
            {t('setup.mismatch')}
          </p>
        )}
        {setUp.error !== null && (
          <p className="notice bad" role="alert">
            {setUp.error.message}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={mismatch || pin.length < 4 || again !== pin || name.trim() === '' || setUp.isPending}
          data-testid="setup-submit"
        >
          {t('setup.submit')}
        </button>
      </form>
    </div>
  );
}
