import { fillMessage, useFeatureT } from '../../i18n';
import { fieldKey, type CartDraft, type CartFields, type CartItemDraft, type CartOptions, type FieldText, type FormField, type Problem } from './cart';
import { CartOptionsSection } from './CartOptions';
import { FieldInput } from './FieldInput';
import { checkoutMessages } from './messages';

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

interface FieldListProps {
  list: readonly FormField[];
  text: FieldText;
  /** The key a field's problems are filed under. */
  keyOf(field: FormField): string;
  onValue(path: string, value: string): void;
  problemFor(key: string): Problem | undefined;
  onTouch(key: string): void;
  industryName: string;
}

/** Catalogue fields of one part of the cart, each with its value and its problem. */
function FieldList({ list, text, keyOf, onValue, problemFor, onTouch, industryName }: FieldListProps) {
  return list.map((field) => {
    const key = keyOf(field);
    return (
      <FieldInput
        key={field.path}
        field={field}
        fieldKey={key}
        value={text[field.path] ?? ''}
        problem={problemFor(key)}
        industryName={industryName}
        onChange={(value) => onValue(field.path, value)}
        onBlur={() => onTouch(key)}
      />
    );
  });
}

interface CartItemProps extends Pick<CartFormProps, 'fields' | 'industryName' | 'problemFor' | 'onChange' | 'onTouch' | 'onRemoveItem'> {
  item: CartItemDraft;
  index: number;
  /** The last item cannot be removed: a cart has at least one. */
  removable: boolean;
}

/** One item of the cart: its fields, and the industry's extra fields for items when it has any (spec 2.5). */
function CartItem({ item, index, removable, fields, industryName, problemFor, onChange, onTouch, onRemoveItem }: CartItemProps) {
  const t = useFeatureT(checkoutMessages);
  const onValue = (path: string, value: string) =>
    onChange((current) => ({
      ...current,
      items: current.items.map((entry) => (entry.key === item.key ? { ...entry, values: withValue(entry.values, path, value) } : entry)),
    }));
  const common = { text: item.values, keyOf: (field: FormField) => fieldKey('items', field.path, index), onValue, problemFor, onTouch, industryName };
  const number = String(index + 1);
  return (
    <fieldset className="cart-item" data-testid={`cart-item-${index}`}>
      <legend>{fillMessage(t('item'), { number })}</legend>
      {removable ? (
        <button type="button" className="link-button cart-item-remove" onClick={() => onRemoveItem(item.key)}>
          {fillMessage(t('item.remove'), { number })}
        </button>
      ) : null}
      <div className="cart-grid">
        <FieldList list={fields.item} {...common} />
      </div>
      {fields.itemIndustry.length > 0 ? (
        <fieldset className="cart-subsection">
          <legend>{fillMessage(t('item.industry'), { industry: industryName })}</legend>
          <div className="cart-grid">
            <FieldList list={fields.itemIndustry} {...common} />
          </div>
        </fieldset>
      ) : null}
    </fieldset>
  );
}

/** The cart: items, buyer, shipment and payment options (spec 2.4), with the industry's extra fields (2.5). */
export function CartForm({ draft, fields, industryName, problemFor, onChange, onTouch, onAddItem, onRemoveItem }: CartFormProps) {
  const t = useFeatureT(checkoutMessages);
  const fieldsOf = { problemFor, onTouch, industryName };
  const onOption = <K extends keyof CartOptions>(name: K, value: CartOptions[K]) =>
    onChange((current) => ({ ...current, options: { ...current.options, [name]: value } }));

  return (
    <div className="cart-form">
      <section className="cart-section" aria-labelledby="cart-items-title">
        <div className="cart-section-header">
          <h2 id="cart-items-title">{t('items')}</h2>
          <button type="button" className="secondary-button" onClick={onAddItem}>
            {t('item.add')}
          </button>
        </div>
        {draft.items.map((item, index) => (
          <CartItem
            key={item.key}
            item={item}
            index={index}
            removable={draft.items.length > 1}
            fields={fields}
            industryName={industryName}
            problemFor={problemFor}
            onChange={onChange}
            onTouch={onTouch}
            onRemoveItem={onRemoveItem}
          />
        ))}
      </section>

      <section className="cart-section" aria-labelledby="cart-payer-title">
        <h2 id="cart-payer-title">{t('payer')}</h2>
        <div className="cart-grid">
          <FieldList
            {...fieldsOf}
            list={fields.payer}
            text={draft.payer}
            keyOf={(field) => fieldKey('payer', field.path)}
            onValue={(path, value) => onChange((current) => ({ ...current, payer: withValue(current.payer, path, value) }))}
          />
        </div>
      </section>

      <section className="cart-section" aria-labelledby="cart-shipment-title">
        <h2 id="cart-shipment-title">{t('shipment')}</h2>
        {fields.shipments.length === 0 ? (
          <p className="hint">{fillMessage(t('shipment.none'), { industry: industryName })}</p>
        ) : (
          <div className="cart-grid">
            <FieldList
              {...fieldsOf}
              list={fields.shipments}
              text={draft.shipments}
              keyOf={(field) => fieldKey('shipments', field.path)}
              onValue={(path, value) => onChange((current) => ({ ...current, shipments: withValue(current.shipments, path, value) }))}
            />
          </div>
        )}
      </section>

      <CartOptionsSection options={draft.options} problemFor={problemFor} onOption={onOption} onTouch={onTouch} />
    </div>
  );
}
