import { CounterError } from '../errors';

/** Counter's own refusals about sales (docs/decisions.md "Charge on the terminal"); cashier text in src/shared/i18n/failures.ts. */
export type SaleErrorCode =
  | 'sale_not_found'
  | 'sale_not_cancelable'
  | 'sale_not_refundable'
  | 'refund_amount_exceeds'
  | 'amount_too_large'
  | 'sale_not_unconfirmed'
  | 'sale_busy'
  | 'sales_unavailable';

const STATUS: Readonly<Record<SaleErrorCode, number>> = {
  sale_not_found: 404,
  sale_not_cancelable: 409,
  sale_not_refundable: 409,
  refund_amount_exceeds: 400,
  amount_too_large: 400,
  sale_not_unconfirmed: 409,
  sale_busy: 409,
  sales_unavailable: 503,
};

export class SaleError extends CounterError {
  constructor(code: SaleErrorCode, message: string) {
    super({ code, status: STATUS[code], retryable: false, message });
  }
}
