import type { Language } from '../../../shared/ipc/channels/app';
import { STAFF_FAILURES, type StaffFailure } from '../../../shared/i18n/staff';
import { textOf, type TextParams } from '../../../shared/i18n/text';
import type { IpcFailure } from '../../../shared/ipc/define';
import { CounterError } from '../errors';

const STATUS: Readonly<Record<StaffFailure, number>> = {
  forbidden: 403,
  signed_out: 401,
  wrong_pin: 401,
  pin_locked: 423,
  approval_invalid: 403,
  owner_exists: 409,
  person_unknown: 404,
  staff_unavailable: 503,
};

/** A call refused for who made it. An `approvable` refusal says so in its issues, so the renderer offers a manager's PIN. */
export class StaffError extends CounterError {
  constructor(
    readonly failure: StaffFailure,
    readonly params: TextParams = {},
    readonly approvable = false,
  ) {
    super({ code: failure, status: STATUS[failure], retryable: failure === 'wrong_pin', message: `staff: ${failure} ${JSON.stringify(params)}` });
  }

  override cashierMessage(language: Language): string {
    return textOf(STAFF_FAILURES, this.failure, language, this.params);
  }

  override toFailure(language: Language): IpcFailure {
    const failure = super.toFailure(language);
    return this.approvable ? { ...failure, issues: [{ path: 'approval', message: String(this.params['permission'] ?? '') }] } : failure;
  }
}
