import { DEFAULT_SALE_RECEIPT_TEMPLATE, SaleReceiptTemplate } from '../../../shared/receipt/sale-receipt';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { KeyValueStore } from '../settings/store';

/** Beside the print templates in the settings store (core/templates), under a key of its own. */
const KEY = 'saleReceiptTemplate';

export interface SaleReceiptTemplates {
  /** The saved template; the default when none was saved or the stored one no longer parses. */
  current(): SaleReceiptTemplate;
  save(template: SaleReceiptTemplate): SaleReceiptTemplate;
}

export function createSaleReceiptTemplates(store: KeyValueStore): SaleReceiptTemplates {
  return {
    current() {
      const parsed = SaleReceiptTemplate.safeParse(store.get(KEY));
      return parsed.success ? parsed.data : { ...DEFAULT_SALE_RECEIPT_TEMPLATE };
    },
    save(template) {
      store.set(KEY, template);
      return template;
    },
  };
}

export type SaleReceiptHandlers = Pick<ChannelHandlers, 'saleReceipt.get' | 'saleReceipt.save'>;

export function createSaleReceiptHandlers(templates: SaleReceiptTemplates): SaleReceiptHandlers {
  return {
    'saleReceipt.get': () => templates.current(),
    'saleReceipt.save': (template) => templates.save(template),
  };
}
