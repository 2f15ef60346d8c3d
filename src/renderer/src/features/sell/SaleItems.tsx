import { CashierAmount, type TerminalSaleItem } from '../../../../shared/ipc/channels/terminal-sales';
import { useFeatureT } from '../../i18n';
import { sellMessages } from './messages';

/** An item row as typed: price and quantity stay text until the charge, so a half-typed price is not lost. */
export interface ItemDraft {
  name: string;
  quantity: string;
  unitPrice: string;
}

export const EMPTY_ITEM: ItemDraft = { name: '', quantity: '1', unitPrice: '' };

/** The rows the contract takes, or undefined while one is incomplete (a row left empty is ignored). */
export function itemsOf(drafts: readonly ItemDraft[]): TerminalSaleItem[] | undefined {
  const filled = drafts.filter((draft) => draft.name.trim() !== '' || draft.unitPrice.trim() !== '');
  const items: TerminalSaleItem[] = [];
  for (const draft of filled) {
    const price = CashierAmount.safeParse(draft.unitPrice);
    const quantity = Number(draft.quantity);
    if (draft.name.trim() === '' || !price.success || !Number.isInteger(quantity) || quantity < 1 || quantity > 999) return undefined;
    items.push({ name: draft.name.trim(), quantity, unitPrice: price.data });
  }
  return items;
}

export function itemsTotal(items: readonly TerminalSaleItem[]): string {
  return (items.reduce((sum, item) => sum + Math.round(Number(item.unitPrice) * 100) * item.quantity, 0) / 100).toFixed(2);
}

/** The sale's items: name, quantity and unit price per row; the amount is their total when no amount is typed. */
export function SaleItems({ drafts, onChange }: { drafts: readonly ItemDraft[]; onChange(drafts: ItemDraft[]): void }) {
  const t = useFeatureT(sellMessages);
  const set = (index: number, patch: Partial<ItemDraft>): void => onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const items = itemsOf(drafts);
  return (
    <fieldset className="sale-items" data-testid="sale-items">
      <legend>{t('items.title')}</legend>
      {drafts.map((draft, index) => (
        <div className="sale-item" key={index} data-testid="sale-item">
          <input aria-label={t('items.name')} placeholder={t('items.name')} value={draft.name} onChange={(event) => set(index, { name: event.target.value })} />
          <input
            aria-label={t('items.quantity')}
            className="sale-item-quantity"
            inputMode="numeric"
            value={draft.quantity}
            onChange={(event) => set(index, { quantity: event.target.value })}
          />
          <input
            aria-label={t('items.price')}
            placeholder={t('items.price')}
            className="sale-item-price"
            inputMode="decimal"
            value={draft.unitPrice}
            onChange={(event) => set(index, { unitPrice: event.target.value })}
          />
        </div>
      ))}
      <div className="sale-items-footer">
        <button type="button" className="button" onClick={() => onChange([...drafts, { ...EMPTY_ITEM }])} data-testid="add-item">
          {t('items.add')}
        </button>
        <span className="hint" data-testid="items-total">
          {items !== undefined && items.length > 0 ? `${t('items.total')} ${itemsTotal(items)}` : ''}
        </span>
      </div>
    </fieldset>
  );
}
