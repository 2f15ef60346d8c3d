import type { PaymentStatus } from '../../shared/platform/payments';

/**
 * The platform's test cardholder names (the "Test cards" page of its developer docs): the first
 * four letters of the cardholder name decide a test card payment's outcome. A name that is none of
 * them is approved, as APRO.
 */
export interface CardOutcome {
  readonly status: PaymentStatus;
  readonly statusDetail: string;
}

export const CARDHOLDER_OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  APRO: { status: 'approved', statusDetail: 'accredited' },
  CONT: { status: 'in_process', statusDetail: 'pending_contingency' },
  OTHE: { status: 'rejected', statusDetail: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', statusDetail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_other' },
  CARD: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_card_number' },
  INST: { status: 'rejected', statusDetail: 'cc_rejected_invalid_installments' },
  DUPL: { status: 'rejected', statusDetail: 'cc_rejected_duplicated_payment' },
  LOCK: { status: 'rejected', statusDetail: 'cc_rejected_card_disabled' },
  CTNA: { status: 'rejected', statusDetail: 'cc_rejected_card_type_not_allowed' },
  ATTE: { status: 'rejected', statusDetail: 'cc_rejected_max_attempts' },
  BLAC: { status: 'rejected', statusDetail: 'cc_rejected_blacklist' },
};

export function outcomeOfCardholder(name: string): CardOutcome {
  return CARDHOLDER_OUTCOMES[name.trim().slice(0, 4).toUpperCase()] ?? { status: 'approved', statusDetail: 'accredited' };
}
