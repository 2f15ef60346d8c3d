import { CardToken } from './schemas';
import type { TokenRecord } from './store';

/**
 * A card token as the store keeps it: one flat object per token, the answer's members beside its owner,
 * method and due time. Every token issued stays in the store, so each nested object or side-table entry
 * kept per token (a cardholder object, an identification object, a WeakMap entry for the due time) is
 * work for every later garbage collection; the answer's nested shape is built only when it is asked for.
 */
export interface TokenEntry {
  id: string;
  card_id: string | null;
  status: CardToken['status'];
  luhn_validation: boolean;
  date_used: string | null;
  date_created: string;
  date_last_updated: string;
  date_due: string;
  first_six_digits: string;
  last_four_digits: string;
  card_number_length: number;
  expiration_month: number;
  expiration_year: number;
  cardholder_name: string;
  identification_type: string | null;
  identification_number: string | null;
  security_code_length: number;
  live_mode: boolean;
  require_esc: boolean;
  public_key: string | null;
  user_id: number;
  payment_method_id: string;
  issuer_id: number;
  /** `date_due` in epoch milliseconds: known when the token is issued, read from its text once on a load. */
  due_ms: number;
  /**
   * Set on a token read from a state file: it answers as the older sandbox did, its members in the
   * schema's order followed by any member this sandbox does not write (kept here as they were saved).
   */
  loaded: { readonly extra: Readonly<Record<string, unknown>> } | undefined;
}

/** The members of a saved token the entry holds; any other member is carried along as it was. */
const TOKEN_MEMBERS = new Set(Object.keys(CardToken.shape));
const NOTHING_ELSE = Object.freeze({ extra: Object.freeze({}) });

/** The entry of a token saved by any sandbox (a state file written before tokens were kept flat too). */
export function entryOfSaved(record: TokenRecord): TokenEntry {
  const { token } = record;
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(token)) if (!TOKEN_MEMBERS.has(key)) extra[key] = token[key];
  return {
    id: token.id,
    card_id: token.card_id,
    status: token.status,
    luhn_validation: token.luhn_validation,
    date_used: token.date_used,
    date_created: token.date_created,
    date_last_updated: token.date_last_updated,
    date_due: token.date_due,
    first_six_digits: token.first_six_digits,
    last_four_digits: token.last_four_digits,
    card_number_length: token.card_number_length,
    expiration_month: token.expiration_month,
    expiration_year: token.expiration_year,
    cardholder_name: token.cardholder.name,
    identification_type: token.cardholder.identification.type,
    identification_number: token.cardholder.identification.number,
    security_code_length: token.security_code_length,
    live_mode: token.live_mode,
    require_esc: token.require_esc,
    public_key: token.public_key,
    user_id: record.user_id,
    payment_method_id: record.payment_method_id,
    issuer_id: record.issuer_id,
    due_ms: Date.parse(token.date_due),
    loaded: Object.keys(extra).length === 0 ? NOTHING_ELSE : { extra },
  };
}

const cardholderOf = (entry: TokenEntry): CardToken['cardholder'] => ({
  name: entry.cardholder_name,
  identification: { type: entry.identification_type, number: entry.identification_number },
});

/** The token as the platform answers it (`GET /v1/card_tokens/{id}`), a new object each time. */
export function tokenView(entry: TokenEntry): CardToken {
  if (entry.loaded !== undefined) return loadedView(entry, entry.loaded.extra);
  return {
    id: entry.id,
    card_id: entry.card_id,
    status: entry.status,
    luhn_validation: entry.luhn_validation,
    date_used: entry.date_used,
    date_created: entry.date_created,
    date_last_updated: entry.date_last_updated,
    date_due: entry.date_due,
    first_six_digits: entry.first_six_digits,
    last_four_digits: entry.last_four_digits,
    card_number_length: entry.card_number_length,
    expiration_month: entry.expiration_month,
    expiration_year: entry.expiration_year,
    cardholder: cardholderOf(entry),
    security_code_length: entry.security_code_length,
    live_mode: entry.live_mode,
    require_esc: entry.require_esc,
    public_key: entry.public_key,
  };
}

/** A loaded token in the order its schema reads it, as a sandbox that kept the parsed token answered. */
function loadedView(entry: TokenEntry, extra: Readonly<Record<string, unknown>>): CardToken {
  return {
    id: entry.id,
    card_id: entry.card_id,
    status: entry.status,
    luhn_validation: entry.luhn_validation,
    date_used: entry.date_used,
    date_created: entry.date_created,
    date_last_updated: entry.date_last_updated,
    date_due: entry.date_due,
    first_six_digits: entry.first_six_digits,
    last_four_digits: entry.last_four_digits,
    card_number_length: entry.card_number_length,
    security_code_length: entry.security_code_length,
    expiration_month: entry.expiration_month,
    expiration_year: entry.expiration_year,
    cardholder: cardholderOf(entry),
    live_mode: entry.live_mode,
    require_esc: entry.require_esc,
    public_key: entry.public_key,
    ...extra,
  };
}

/** The token with what is kept beside it, as a state file holds it (and as a spent token is handed to a payment). */
export function savedRecord(entry: TokenEntry): TokenRecord {
  return { token: tokenView(entry), user_id: entry.user_id, payment_method_id: entry.payment_method_id, issuer_id: entry.issuer_id };
}
