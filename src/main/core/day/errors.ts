import type { Language } from '../../../shared/ipc/channels/app';
import type { DAY_FAILURES } from '../../../shared/i18n/day';
import { failureText } from '../../../shared/i18n/failures';
import { CounterError } from '../errors';

type DayFailureCode = keyof typeof DAY_FAILURES;

const STATUS: Readonly<Record<DayFailureCode, number>> = {
  shift_already_open: 409,
  shift_not_found: 404,
  shift_not_open: 409,
  z_not_found: 404,
  day_unavailable: 503,
  store_day_unavailable: 503,
  store_day_empty: 409,
};

/** A refusal of the day's channels; the platform's own failures (a search refused) come as they are. */
export class DayError extends CounterError {
  declare readonly code: DayFailureCode;

  constructor(code: DayFailureCode) {
    super({ code, status: STATUS[code], retryable: code === 'day_unavailable' || code === 'store_day_unavailable', message: failureText(code, 'en') });
    this.name = 'DayError';
  }

  override cashierMessage(language: Language): string {
    return failureText(this.code, language);
  }
}
