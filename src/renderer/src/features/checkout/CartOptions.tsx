import { DateField } from '../../components/date-field/DateField';
import { useFeatureT } from '../../i18n';
import { PAYMENT_TYPES, type CartOptions, type Problem } from './cart';
import { elementId, FieldFrame } from './FieldInput';
import { checkoutMessages, type CheckoutMessageKey } from './messages';

interface OptionsBinding {
  options: CartOptions;
  /** The problem to show for a field key now (after it was touched, typed in, or the cart was submitted). */
  problemFor(key: string): Problem | undefined;
  onOption<K extends keyof CartOptions>(name: K, value: CartOptions[K]): void;
  onTouch(key: string): void;
}

interface OptionFieldProps extends OptionsBinding {
  name: keyof CartOptions;
  /** The key its problems are filed under (the platform's path); also makes the element id. */
  fieldKey: string;
  label: CheckoutMessageKey;
  hint?: CheckoutMessageKey;
  wide?: boolean;
}

/** One text option of the cart, with its hint until the value is refused, then the reason. */
function OptionField({ name, fieldKey, label, hint, wide, options, problemFor, onOption, onTouch }: OptionFieldProps) {
  const t = useFeatureT(checkoutMessages);
  const id = elementId(fieldKey);
  const problem = problemFor(fieldKey);
  return (
    <FieldFrame id={id} label={t(label)} problem={problem} hint={hint === undefined ? undefined : t(hint)} wide={wide}>
      <input
        id={id}
        type="text"
        autoComplete="off"
        value={String(options[name])}
        aria-invalid={problem !== undefined}
        aria-describedby={problem !== undefined ? `${id}-problem` : hint === undefined ? undefined : `${id}-hint`}
        onChange={(event) => onOption(name, event.target.value)}
        onBlur={() => onTouch(fieldKey)}
      />
    </FieldFrame>
  );
}

/** The checkout's expiry: whether it expires, and when (a date and time in the cashier's time zone). */
function Expiry({ options, problemFor, onOption, onTouch }: OptionsBinding) {
  const t = useFeatureT(checkoutMessages);
  return (
    <>
      <label className="cart-check">
        <input type="checkbox" checked={options.expires} onChange={(event) => onOption('expires', event.target.checked)} />
        {t('field.expires')}
      </label>
      {options.expires ? (
        <FieldFrame id={elementId('date_of_expiration')} label={t('field.date_of_expiration')} problem={problemFor('date_of_expiration')}>
          <DateField
            id={elementId('date_of_expiration')}
            kind="dateTime"
            value={options.expiresAt}
            aria-invalid={problemFor('date_of_expiration') !== undefined}
            onChange={(value) => onOption('expiresAt', value)}
            onBlur={() => onTouch('date_of_expiration')}
          />
        </FieldFrame>
      ) : null}
    </>
  );
}

/** The payment types the buyer may not pay with, one checkbox each. */
function ExcludedTypes({ options, onOption }: Pick<OptionsBinding, 'options' | 'onOption'>) {
  const t = useFeatureT(checkoutMessages);
  return (
    <fieldset className="cart-types cart-field-wide">
      <legend>{t('field.excluded_payment_types')}</legend>
      {PAYMENT_TYPES.map((type) => (
        <label key={type} className="cart-check">
          <input
            type="checkbox"
            checked={options.excludedTypes.includes(type)}
            onChange={(event) =>
              onOption('excludedTypes', event.target.checked ? [...options.excludedTypes, type] : options.excludedTypes.filter((entry) => entry !== type))
            }
          />
          {t(`type.${type}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The cart's options (spec 2.4): its reference, installments, where the buyer returns, expiry and excluded payment methods. */
export function CartOptionsSection(binding: OptionsBinding) {
  const t = useFeatureT(checkoutMessages);
  const { options, onOption } = binding;
  return (
    <section className="cart-section" aria-labelledby="cart-options-title">
      <h2 id="cart-options-title">{t('options')}</h2>
      <div className="cart-grid">
        <OptionField
          {...binding}
          name="externalReference"
          fieldKey="external_reference"
          label="field.external_reference"
          hint="field.external_reference.hint"
        />
        <OptionField {...binding} name="installments" fieldKey="payment_methods.installments" label="field.installments" />
        <OptionField {...binding} name="defaultInstallments" fieldKey="payment_methods.default_installments" label="field.default_installments" />
        <OptionField {...binding} name="backSuccess" fieldKey="back_urls.success" label="field.back_urls.success" wide />
        <OptionField {...binding} name="backPending" fieldKey="back_urls.pending" label="field.back_urls.pending" wide />
        <OptionField {...binding} name="backFailure" fieldKey="back_urls.failure" label="field.back_urls.failure" wide />
        <label className="cart-check cart-field-wide">
          <input type="checkbox" checked={options.autoReturn} onChange={(event) => onOption('autoReturn', event.target.checked)} />
          {t('field.auto_return')}
        </label>
        <Expiry {...binding} />
        <OptionField
          {...binding}
          name="excludedMethods"
          fieldKey="payment_methods.excluded_payment_methods"
          label="field.excluded_payment_methods"
          hint="field.excluded_payment_methods.hint"
          wide
        />
        <ExcludedTypes options={options} onOption={onOption} />
      </div>
    </section>
  );
}
