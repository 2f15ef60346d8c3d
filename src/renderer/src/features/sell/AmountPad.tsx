import type { MouseEvent } from 'react';
import { useFeatureT, useLanguage } from '../../i18n';
import { sellMessages } from './messages';
import { padInput, type PadKey } from './sell-rules';

const KEYS: readonly PadKey[] = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0', 'separator'];

/**
 * A large amount pad for touch screens, beside the keyboard: every key types into the amount field, which
 * keeps the focus, so Enter still charges and Esc still cancels after a tap.
 */
export function AmountPad({ amount, onAmount }: { amount: string; onAmount(amount: string): void }) {
  const t = useFeatureT(sellMessages);
  const separator = useLanguage() === 'es' ? ',' : '.';
  const press = (key: PadKey) => () => onAmount(padInput(amount, key, separator));
  // The amount field keeps the focus: a tap must not take it (Enter and Esc act on the field).
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  return (
    <div className="amount-pad" role="group" aria-label={t('pad.label')} data-testid="amount-pad">
      {KEYS.map((key) => (
        <button key={key} type="button" tabIndex={-1} className="pad-key" onMouseDown={keepFocus} onClick={press(key)} data-testid={`pad-${key}`}>
          {key === 'separator' ? separator : key}
        </button>
      ))}
      <button
        type="button"
        tabIndex={-1}
        className="pad-key pad-wide"
        onMouseDown={keepFocus}
        onClick={press('clear')}
        aria-label={t('pad.clear')}
        data-testid="pad-clear"
      >
        C
      </button>
      <button
        type="button"
        tabIndex={-1}
        className="pad-key pad-wide"
        onMouseDown={keepFocus}
        onClick={press('back')}
        aria-label={t('pad.back')}
        data-testid="pad-back"
      >
        ⌫
      </button>
    </div>
  );
}
