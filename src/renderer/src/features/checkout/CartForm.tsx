import { fillMessage, useFeatureT } from '../../i18n';
import { fieldKey, PAYMENT_TYPES, type CartDraft, type CartFields, type CartOptions, type FieldText, type FormField, type Problem } from './cart';
import { elementId, FieldFrame, FieldInput } from './FieldInput';
import { checkoutMessages, type CheckoutMessageKey } from './messages';

interface CartFormProps {
  draft: CartDraft;
  fields: CartFields;
  industryName: string;
  /** The problem to show for a field key now (after it was touched, typed in, or the cart was submitted). */
  problemFor(key: string): Problem | undefined;
  onChange(change: (draft: CartDraft) => CartDraft): void;
  onTouch(key: string): void;
  onAddItem(): void;
  onRemoveItem(key: number): void;
}

const withValue = (text: FieldText, path: string, value: string): FieldText => ({ ...text, [path]: value });

/** The cart: items, buyer, shipment and payment options (spec 2.4), with the industry's extra fields (2.5). */
export function CartForm({ draft, fields, industryName, problemFor, onChange, onTouch, onAddItem, onRemoveItem }: CartFormProps) {
  const t = useFeatureT(checkoutMessages);

  const renderFields = (list: readonly FormField[], text: FieldText, keyOf: (field: FormField) => string, update: (path: string, value: string) => void) =>
    list.map((field) => {
      const key = keyOf(field);
      return (
        <FieldInput
          key={field.path}
          field={field}
          fieldKey={key}
          value={text[field.path] ?? ''}
          problem={problemFor(key)}
          industryName={industryName}
          onChange={(value) => update(field.path, value)}
          onBlur={() => onTouch(key)}
        />
      );
    });

  const setOption = <K extends keyof CartOptions>(name: K, value: CartOptions[K]) =>
    onChange((current) => ({ ...current, options: { ...current.options, [name]: value } }));
  const optionField = (name: keyof CartOptions, key: string, labelKey: CheckoutMessageKey, hint?: CheckoutMessageKey, wide?: boolean) => {
    const id = elementId(key);
    const problem = problemFor(key);
    return (
      <FieldFrame id={id} label={t(labelKey)} problem={problem} hint={hint === undefined ? undefined : t(hint)} wide={wide}>
        <input
          id={id}
          type="text"
          autoComplete="off"
          value={String(draft.options[name])}
          aria-invalid={problem !== undefined}
          aria-describedby={problem !== undefined ? `${id}-problem` : hint === undefined ? undefined : `${id}-hint`}
          onChange={(event) => setOption(name, event.target.value)}
          onBlur={() => onTouch(key)}
        />
      </FieldFrame>
    );
  };

  return (
    <div className="cart-form">
      <section className="cart-section" aria-labelledby="cart-items-title">
        <div className="cart-section-header">
          <h2 id="cart-items-title">{t('items')}</h2>
          <button type="button" className="secondary-button" onClick={onAddItem}>
            {t('item.add')}
          </button>
        </div>
        {draft.items.map((item, index) => {
          const update = (path: string, value: string) =>
            onChange((current) => ({
              ...current,
              items: current.items.map((entry) => (entry.key === item.key ? { ...entry, values: withValue(entry.values, path, value) } : entry)),
            }));
          const keyOf = (field: FormField) => fieldKey('items', field.path, index);
          const number = String(index + 1);
          return (
            <fieldset key={item.key} className="cart-item" data-testid={`cart-item-${index}`}>
              <legend>{fillMessage(t('item'), { number })}</legend>
              {draft.items.length > 1 ? (
                <button type="button" className="link-button cart-item-remove" onClick={() => onRemoveItem(item.key)}>
                  {fillMessage(t('item.remove'), { number })}
                </button>
              ) : null}
              <div className="cart-grid">{renderFields(fields.item, item.values, keyOf, update)}</div>
              {fields.itemIndustry.length > 0 ? (
                <fieldset className="cart-subsection">
                  <legend>{fillMessage(t('item.industry'), { industry: industryName })}</legend>
                  <div className="cart-grid">{renderFields(fields.itemIndustry, item.values, keyOf, update)}</div>
                </fieldset>
              ) : null}
            </fieldset>
          );
        })}
      </section>

      <section className="cart-section" aria-labelledby="cart-payer-title">
        <h2 id="cart-payer-title">{t('payer')}</h2>
        <div className="cart-grid">
          {renderFields(
            fields.payer,
            draft.payer,
            (field) => fieldKey('payer', field.path),
            (path, value) => onChange((current) => ({ ...current, payer: withValue(current.payer, path, value) })),
          )}
        </div>
      </section>

      <section className="cart-section" aria-labelledby="cart-shipment-title">
        <h2 id="cart-shipment-title">{t('shipment')}</h2>
        {fields.shipments.length === 0 ? (
          <p className="hint">{fillMessage(t('shipment.none'), { industry: industryName })}</p>
        ) : (
          <div className="cart-grid">
            {renderFields(
              fields.shipments,
              draft.shipments,
              (field) => fieldKey('shipments', field.path),
              (path, value) => onChange((current) => ({ ...current, shipments: withValue(current.shipments, path, value) })),
            )}
          </div>
        )}
      </section>

      <section className="cart-section" aria-labelledby="cart-options-title">
        <h2 id="cart-options-title">{t('options')}</h2>
        <div className="cart-grid">
          {optionField('externalReference', 'external_reference', 'field.external_reference', 'field.external_reference.hint')}
          {optionField('installments', 'payment_methods.installments', 'field.installments')}
          {optionField('defaultInstallments', 'payment_methods.default_installments', 'field.default_installments')}
          {optionField('backSuccess', 'back_urls.success', 'field.back_urls.success', undefined, true)}
          {optionField('backPending', 'back_urls.pending', 'field.back_urls.pending', undefined, true)}
          {optionField('backFailure', 'back_urls.failure', 'field.back_urls.failure', undefined, true)}
          <label className="cart-check cart-field-wide">
            <input type="checkbox" checked={draft.options.autoReturn} onChange={(event) => setOption('autoReturn', event.target.checked)} />
            {t('field.auto_return')}
          </label>
          <label className="cart-check">
            <input type="checkbox" checked={draft.options.expires} onChange={(event) => setOption('expires', event.target.checked)} />
            {t('field.expires')}
          </label>
          {draft.options.expires ? (
            <FieldFrame id={elementId('date_of_expiration')} label={t('field.date_of_expiration')} problem={problemFor('date_of_expiration')}>
              <input
                id={elementId('date_of_expiration')}
                type="datetime-local"
                step={60}
                value={draft.options.expiresAt}
                aria-invalid={problemFor('date_of_expiration') !== undefined}
                onChange={(event) => setOption('expiresAt', event.target.value)}
                onBlur={() => onTouch('date_of_expiration')}
              />
            </FieldFrame>
          ) : null}
          {optionField(
            'excludedMethods',
            'payment_methods.excluded_payment_methods',
            'field.excluded_payment_methods',
            'field.excluded_payment_methods.hint',
            true,
          )}
          <fieldset className="cart-types cart-field-wide">
            <legend>{t('field.excluded_payment_types')}</legend>
            {PAYMENT_TYPES.map((type) => (
              <label key={type} className="cart-check">
                <input
                  type="checkbox"
                  checked={draft.options.excludedTypes.includes(type)}
                  onChange={(event) =>
                    setOption(
                      'excludedTypes',
                      event.target.checked ? [...draft.options.excludedTypes, type] : draft.options.excludedTypes.filter((entry) => entry !== type),
                    )
                  }
                />
                {t(`type.${type}`)}
              </label>
            ))}
          </fieldset>
        </div>
      </section>
    </div>
  );
}
