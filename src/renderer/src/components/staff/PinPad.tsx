import { useFeatureT } from '../../i18n';
import { staffMessages } from './messages';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

/** A click on the pad (or on the form's buttons) leaves the keyboard in the PIN field, so typing and Enter go on working. */
export const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

interface PinPadProps {
  id: string;
  label: string;
  value: string;
  onChange(next: string): void;
  testId: string;
  autoFocus?: boolean;
}

/** A PIN field (type it) with a pad of digits beside it (click or touch them): both fill the same field; Enter submits its form. */
export function PinPad({ id, label, value, onChange, testId, autoFocus = false }: PinPadProps) {
  const t = useFeatureT(staffMessages);
  const put = (next: string) => onChange(next.replace(/\D/g, '').slice(0, 8));
  return (
    <div className="pin-pad">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={value}
        onChange={(event) => put(event.target.value)}
        data-testid={testId}
        // The lock screen and the dialogs open with the keyboard in the PIN, ready to type.
        autoFocus={autoFocus}
      />
      <div className="pin-keys" role="group" aria-label={label}>
        {DIGITS.map((digit) => (
          <button
            key={digit}
            type="button"
            className="pin-key"
            onClick={() => put(value + digit)}
            data-testid={`${testId}-key-${digit}`}
            tabIndex={-1}
            onMouseDown={keepFocus}
          >
            {digit}
          </button>
        ))}
        <button type="button" className="pin-key" onClick={() => put(value.slice(0, -1))} aria-label={t('pad.erase')} tabIndex={-1} onMouseDown={keepFocus}>
          ⌫
        </button>
        <button type="button" className="pin-key" onClick={() => put('')} tabIndex={-1} onMouseDown={keepFocus}>
          {t('pad.clear')}
        </button>
      </div>
    </div>
  );
}
