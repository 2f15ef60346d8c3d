import type { Language } from '../../../shared/ipc/channels/app';
import { CounterError } from '../errors';
import { cashierMessage } from '../platform/messages';

/** A refusal about the store database; its code is one of the store_* failures (shared/i18n/failures.ts). */
export class StoreError extends CounterError {
  constructor(code: string, detail?: string, retryable = false) {
    super({ code, retryable, message: detail ?? cashierMessage(code, 'en') });
    this.name = 'StoreError';
  }
}

/** A store address the pg client cannot take: refused at save (400), with the client's own words. */
export class StoreUrlError extends StoreError {
  constructor(readonly problem: string) {
    super('store_url_invalid', `the store database address cannot be used: ${problem}`);
  }

  protected override failureStatus(): number {
    return 400;
  }

  override cashierMessage(language: Language): string {
    return `${super.cashierMessage(language)} (${this.problem})`;
  }
}

/** SQLSTATE classes and socket errors as the few causes a store's IT can act on. */
const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'store_unreachable',
  ENOTFOUND: 'store_unreachable',
  EAI_AGAIN: 'store_unreachable',
  ETIMEDOUT: 'store_unreachable',
  ECONNRESET: 'store_unreachable',
  EHOSTUNREACH: 'store_unreachable',
  ENETUNREACH: 'store_unreachable',
  // 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up)
  '57P01': 'store_unreachable',
  '57P02': 'store_unreachable',
  '57P03': 'store_unreachable',
  '28P01': 'store_auth_failed',
  '28000': 'store_auth_failed',
  '3D000': 'store_database_missing',
  store_schema_incompatible: 'store_schema_incompatible',
  // Permission denied, or a row-level security policy refused the row: this role is not enrolled as this counter.
  '42501': 'store_not_enrolled',
  store_not_enrolled: 'store_not_enrolled',
  store_schema_needs_owner: 'store_schema_needs_owner',
};

/** The store_* code for whatever a pg call threw. */
export function storeFailureCode(error: unknown): string {
  if (error instanceof StoreError) return error.code;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && BY_CODE[code] !== undefined) return BY_CODE[code];
  const message = error instanceof Error ? error.message : String(error);
  if (/certificate|ssl|tls|self.signed/i.test(message)) return 'store_tls_failed';
  if (/timeout|terminated|Connection ended|not queryable|ECONN/i.test(message)) return 'store_unreachable';
  return 'store_error';
}

/** The database's own words (for IT), without anything that could carry the password. */
export function storeFailureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/postgres(ql)?:\/\/[^\s]*/gi, '(address)').slice(0, 300);
}
