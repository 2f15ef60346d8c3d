import { SaleReceiptTemplate } from '../../receipt/sale-receipt';
import { channel, NoInput } from '../define';

/** The store's receipt template of terminal sales, kept by main with the app's templates (docs/decisions.md "Charge on the terminal"). */
export const saleReceiptChannels = {
  'saleReceipt.get': channel(NoInput, SaleReceiptTemplate),
  'saleReceipt.save': channel(SaleReceiptTemplate, SaleReceiptTemplate),
};
