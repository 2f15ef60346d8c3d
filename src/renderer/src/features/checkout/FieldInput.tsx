import type { ReactNode } from 'react';
import { DateField } from '../../components/date-field/DateField';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { displayLabel, type FormField, type Problem } from './cart';
import { checkoutMessages } from './messages';

/** An element id from a field key such as `items[0].category_descriptor.event_date`. */
export function elementId(key: string): string {
  return `checkout-${key.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

export function ProblemText({ problem }: { problem: Problem }) {
  const t = useFeatureT(checkoutMessages);
  // The schema's own (English) words when no message of ours says the same, rather than nothing.
  return <>{problem.text ?? fillMessage(t(problem.key), problem.values ?? {})}</>;
}

/** A label, its control, and the reason the value is refused: the layout every field of the cart shares. */
export function FieldFrame(props: { id: string; label: ReactNode; problem: Problem | undefined; hint?: string; wide?: boolean; children: ReactNode }) {
  const { id, label, problem, hint, wide, children } = props;
  return (
    <div className={`cart-field${wide === true ? ' cart-field-wide' : ''}${problem === undefined ? '' : ' cart-field-invalid'}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {problem === undefined ? (
        <p className="cart-field-hint" id={hint === undefined ? undefined : `${id}-hint`}>
          {hint}
        </p>
      ) : (
        <p className="cart-field-problem" id={`${id}-problem`}>
          <ProblemText problem={problem} />
        </p>
      )}
    </div>
  );
}

interface FieldInputProps {
  field: FormField;
  /** The key its problems are filed under; also makes the element id. */
  fieldKey: string;
  value: string;
  problem: Problem | undefined;
  /** Name of the store's industry, for the "recommended" mark. */
  industryName: string;
  onChange(value: string): void;
  onBlur(): void;
}

/** One catalogue field, with the control its 2.5 type calls for. */
export function FieldInput({ field, fieldKey, value, problem, industryName, onChange, onBlur }: FieldInputProps) {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  const id = elementId(fieldKey);
  const text = displayLabel(field.path, field.labels, language);
  const label = (
    <>
      {text}
      {field.required ? (
        <span className="cart-mark cart-mark-required" title={t('required')}>
          {' '}
          *<span className="visually-hidden"> ({t('required')})</span>
        </span>
      ) : null}
      {field.recommended ? (
        <span className="cart-mark cart-mark-recommended" title={fillMessage(t('recommended'), { industry: industryName })}>
          <span className="visually-hidden"> ({fillMessage(t('recommended'), { industry: industryName })})</span>
        </span>
      ) : null}
    </>
  );
  const common = {
    id,
    value,
    onBlur,
    'aria-invalid': problem !== undefined,
    'aria-describedby': problem !== undefined ? `${id}-problem` : undefined,
    'aria-required': field.required || undefined,
  };

  let control: ReactNode;
  switch (field.kind) {
    case 'boolean':
      control = (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('boolean.unset')}</option>
          <option value="true">{t('boolean.yes')}</option>
          <option value="false">{t('boolean.no')}</option>
        </select>
      );
      break;
    case 'enum':
      control = (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('boolean.unset')}</option>
          {(field.values ?? []).map((option) => (
            <option key={option} value={option}>
              {field.valueLabels?.[option]?.[language] ?? option}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      control = <DateField {...common} kind="dateTime" onChange={onChange} />;
      break;
    default: {
      // Numbers stay text inputs: what the cashier typed reaches the schema as typed, so its reason is shown.
      const inputMode = field.kind === 'integer' ? 'numeric' : field.kind === 'float' ? 'decimal' : field.kind === 'email' ? 'email' : undefined;
      control = (
        <input
          {...common}
          type={field.kind === 'email' ? 'email' : 'text'}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={field.kind === 'string'}
          maxLength={field.kind === 'currency' ? 3 : undefined}
          className={field.kind === 'currency' ? 'cart-currency' : field.kind === 'integer' || field.kind === 'float' ? 'cart-number' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
  }
  return (
    <FieldFrame id={id} label={label} problem={problem}>
      {control}
    </FieldFrame>
  );
}
