import type { CheckoutErrorCode } from '../../../shared/ipc/channels/checkout';
import type { Language } from '../../../shared/ipc/channels/app';
import { failureText } from '../../../shared/i18n/failures';
import { CounterError } from '../errors';

/** The checkout's own failure codes; their cashier texts are in the shared catalogue (src/shared/i18n/failures.ts). */
type CheckoutFailureCode = (typeof CheckoutErrorCode)[keyof typeof CheckoutErrorCode];

/** A refusal of the checkout channels themselves (the platform's own come as PlatformError). */
export class CheckoutError extends CounterError {
  declare readonly code: CheckoutFailureCode;

  constructor(code: CheckoutFailureCode, status?: number) {
    // A receiver that cannot listen now may after a restart; an unknown sale stays unknown.
    super({ code, status, retryable: code === 'receiver_unavailable', message: failureText(code, 'en') });
    this.name = 'CheckoutError';
  }

  override cashierMessage(language: Language): string {
    return failureText(this.code, language);
  }
}
