import { useState, type InputHTMLAttributes } from 'react';
import { useLanguage } from '../../i18n';
import { datePlaceholder, formatDateInput, parseDateInput, type DateKind } from '../../lib/date-input';

type DateFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** As a native date field holds it: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` for a date and time; "" when empty. */
  value: string;
  onChange(value: string): void;
  kind: DateKind;
};

/**
 * A date (and time) field written the way the app's language writes dates, not the computer's: the
 * browser's own date field ignores the page's language. What is typed becomes the value once it reads as a
 * real date; until then the field says it is not one.
 */
export function DateField({ value, onChange, kind, onBlur, onFocus, ...rest }: DateFieldProps) {
  const language = useLanguage();
  // While the person types, their text; otherwise the value in the language's format.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? formatDateInput(value, kind, language);
  const invalid = draft !== null && parseDateInput(draft, kind, language) === undefined;
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      lang={language}
      placeholder={datePlaceholder(kind, language)}
      value={shown}
      aria-invalid={invalid || rest['aria-invalid']}
      onFocus={(event) => {
        setDraft(shown);
        onFocus?.(event);
      }}
      onChange={(event) => {
        setDraft(event.target.value);
        const parsed = parseDateInput(event.target.value, kind, language);
        if (parsed !== undefined && parsed !== value) onChange(parsed);
      }}
      onBlur={(event) => {
        // A date that reads shows in the language's format again; one that does not stays as typed, marked.
        if (!invalid) setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
