import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CashierAmount, type TerminalSaleItem } from '../../../../shared/ipc/channels/terminal-sales';
import { centsOfAmount, itemsTotalCents } from '../../../../shared/money/amounts';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { sellMessages } from './messages';

/** An item row as typed: price and quantity stay text until the charge, so a half-typed price is not lost. */
export interface ItemDraft {
  name: string;
  quantity: string;
  unitPrice: string;
}

export const EMPTY_ITEM: ItemDraft = { name: '', quantity: '1', unitPrice: '' };

const isBlank = (draft: ItemDraft): boolean => draft.name.trim() === '' && draft.unitPrice.trim() === '';

/** The rows the contract takes, or undefined while one is incomplete (a row left empty is ignored). */
export function itemsOf(drafts: readonly ItemDraft[]): TerminalSaleItem[] | undefined {
  const items: TerminalSaleItem[] = [];
  for (const draft of drafts.filter((row) => !isBlank(row))) {
    const price = CashierAmount.safeParse(draft.unitPrice);
    const quantity = Number(draft.quantity);
    if (draft.name.trim() === '' || !price.success || !Number.isInteger(quantity) || quantity < 1 || quantity > 999) return undefined;
    items.push({ name: draft.name.trim(), quantity, unitPrice: price.data });
  }
  return items;
}

/** The items' total in cents, exact; undefined when there is none, 'too_large' past what one payment may be. */
export function itemsTotal(items: readonly TerminalSaleItem[]): number | 'too_large' | undefined {
  const total = itemsTotalCents(items.map((item) => ({ quantity: item.quantity, unitPriceCents: centsOfAmount(item.unitPrice) })));
  return total === 0 ? undefined : total;
}

/** Which field of a row Enter goes to: the first one still empty, or none when the row is complete. */
function missingField(draft: ItemDraft): number | null {
  if (draft.name.trim() === '') return 0;
  const quantity = Number(draft.quantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999) return 1;
  return CashierAmount.safeParse(draft.unitPrice).success ? null : 2;
}

/**
 * The sale's items: name, quantity and unit price per row, each row editable and removable. Enter in a row
 * adds the item (a new row, or the next field still empty) and never charges; the amount is their total
 * when no amount is typed.
 */
export function SaleItems({ drafts, onChange, currency }: { drafts: readonly ItemDraft[]; onChange(drafts: ItemDraft[]): void; currency: string | null }) {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  const rows = useRef<HTMLDivElement>(null);
  // Where the focus goes once the rows have rendered (a row added by Enter, a row removed).
  const pendingFocus = useRef<{ row: number; field: number } | null>(null);
  const setFocus = (target: { row: number; field: number }): void => {
    pendingFocus.current = target;
    focusPending();
  };
  const focusPending = (): void => {
    const target = pendingFocus.current;
    const input =
      target === null ? undefined : rows.current?.querySelectorAll('[data-testid="sale-item"]')[target.row]?.querySelectorAll('input')[target.field];
    if (input === undefined) return;
    input.focus();
    pendingFocus.current = null;
  };
  useEffect(focusPending);
  const set = (index: number, patch: Partial<ItemDraft>): void => onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const remove = (index: number): void => {
    const left = drafts.filter((_, at) => at !== index);
    onChange(left.length === 0 ? [{ ...EMPTY_ITEM }] : left);
    setFocus({ row: Math.max(0, Math.min(index, left.length - 1)), field: 0 });
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
    // Enter in an item adds the item; only Enter in the amount charges.
    event.preventDefault();
    const draft = drafts[index];
    if (draft === undefined || isBlank(draft)) return;
    const missing = missingField(draft);
    if (missing !== null) return setFocus({ row: index, field: missing });
    if (index === drafts.length - 1) onChange([...drafts, { ...EMPTY_ITEM }]);
    setFocus({ row: index + 1, field: 0 });
  };
  const items = itemsOf(drafts);
  const total = items === undefined ? undefined : itemsTotal(items);
  return (
    <fieldset className="sale-items" data-testid="sale-items">
      <legend>{t('items.title')}</legend>
      <div ref={rows} className="sale-item-rows">
        {drafts.map((draft, index) => (
          <div className="sale-item" key={index} data-testid="sale-item" onKeyDown={onKeyDown(index)}>
            <input
              aria-label={t('items.name')}
              placeholder={t('items.name')}
              value={draft.name}
              onChange={(event) => set(index, { name: event.target.value })}
            />
            <input
              aria-label={t('items.quantity')}
              className="sale-item-quantity"
              inputMode="numeric"
              value={draft.quantity}
              onChange={(event) => set(index, { quantity: event.target.value })}
            />
            <input
              aria-label={t('items.price')}
              placeholder={t('items.pricePlaceholder')}
              className="sale-item-price"
              inputMode="decimal"
              value={draft.unitPrice}
              onChange={(event) => set(index, { unitPrice: event.target.value })}
            />
            <button
              type="button"
              className="sale-item-remove"
              aria-label={fillMessage(t('items.remove'), { name: draft.name.trim() || String(index + 1) })}
              title={fillMessage(t('items.remove'), { name: draft.name.trim() || String(index + 1) })}
              data-testid="remove-item"
              onClick={() => remove(index)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <div className="sale-items-footer">
        <button type="button" className="button" onClick={() => onChange([...drafts, { ...EMPTY_ITEM }])} data-testid="add-item">
          {t('items.add')}
        </button>
        {total === 'too_large' ? (
          <span className="problem" role="alert" data-testid="items-total">
            {t('problem.tooLarge')}
          </span>
        ) : (
          <span className="hint" data-testid="items-total">
            {total !== undefined ? `${t('items.total')} ${formatMoney(total, currency, language)}` : ''}
          </span>
        )}
      </div>
    </fieldset>
  );
}
