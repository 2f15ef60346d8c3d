import { siteOf } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import { cardMethodOf, luhnValid, methodsOf, paymentMethodView } from '../catalog/sites';
import type { CardToken, CardTokenRequest, Customer, CustomerCard } from './schemas';
import { WalletStore, type TokenRecord } from './store';
import { savedRecord, tokenView, type TokenEntry } from './token-entry';
import { randomHex } from '../random-id';
import { isoTime } from '../iso-time';
import { dueText } from './due-text';

const DAY = 86_400_000;
/** A card token is good for one payment within seven days (the platform's `date_due`). */
const TOKEN_LIFETIME_MS = 7 * DAY;

const iso = isoTime;
const badRequest = (message: string, code: string, description: string): SandboxError => new SandboxError(400, 'bad_request', message, [{ code, description }]);

/** What a token says of its card, from the card number sent or from a saved card. */
type CardFields = Pick<
  TokenEntry,
  | 'first_six_digits'
  | 'last_four_digits'
  | 'card_number_length'
  | 'expiration_month'
  | 'expiration_year'
  | 'cardholder_name'
  | 'identification_type'
  | 'identification_number'
>;

/** The card token errors of the platform's card form (codes as its checkout bricks report them). */
function requireCardFields(
  input: CardTokenRequest,
): asserts input is CardTokenRequest & { card_number: string; expiration_month: number; expiration_year: number } {
  if (input.card_number === undefined) throw badRequest('invalid card token', '205', 'parameter cardNumber can not be null/empty');
  if (input.expiration_month === undefined) throw badRequest('invalid card token', '208', 'parameter expirationMonth can not be null/empty');
  if (input.expiration_year === undefined) throw badRequest('invalid card token', '209', 'parameter expirationYear can not be null/empty');
  if (!luhnValid(input.card_number)) throw badRequest('invalid card token', 'E301', 'invalid parameter cardNumber');
}

/** Card tokens, customers and their cards (the platform's "cards and customers" API). */
export class WalletService {
  readonly store = new WalletStore();

  constructor(private readonly context: SandboxContext) {}

  private now(): number {
    return this.context.clock.now();
  }

  // ---------------------------------------------------------------- card tokens

  /** A new card token; its answer is `tokenView` of what this returns. */
  createToken(principal: Principal, input: CardTokenRequest): TokenEntry {
    if (input.card_id !== undefined) return this.tokenOfSavedCard(principal, input.card_id, input.security_code);
    requireCardFields(input);
    const site = siteOf(this.context.seed, principal.userId);
    const method = cardMethodOf(site, input.card_number);
    if (method === undefined) throw badRequest('invalid card token', 'E301', `no card brand of site ${site} starts like this card number`);
    if (input.security_code !== undefined && input.security_code.length !== method.securityCodeLength) {
      throw badRequest('invalid card token', 'E302', `invalid parameter securityCode: ${method.name} codes have ${method.securityCodeLength} digits`);
    }
    const holder = input.cardholder;
    const identification = holder?.identification;
    const number = input.card_number;
    return this.issue(principal, method.id, method.issuer.id, method.securityCodeLength, null, {
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      card_number_length: number.length,
      expiration_month: input.expiration_month,
      expiration_year: input.expiration_year,
      cardholder_name: holder?.name ?? '',
      identification_type: identification?.type ?? null,
      identification_number: identification?.number ?? null,
    });
  }

  private tokenOfSavedCard(principal: Principal, cardId: string, securityCode: string | undefined): TokenEntry {
    const card = this.store.cards.get(cardId)?.card;
    if (card === undefined || card.user_id !== String(principal.userId)) throw notFound('card');
    if (securityCode !== undefined && securityCode.length !== card.security_code.length)
      throw badRequest('invalid card token', 'E302', 'invalid parameter securityCode');
    return this.issue(principal, card.payment_method.id, card.issuer.id, card.security_code.length, card.id, {
      first_six_digits: card.first_six_digits,
      last_four_digits: card.last_four_digits,
      card_number_length: card.security_code.length === 4 ? 15 : 16,
      expiration_month: card.expiration_month,
      expiration_year: card.expiration_year,
      cardholder_name: card.cardholder.name,
      identification_type: card.cardholder.identification.type,
      identification_number: card.cardholder.identification.number,
    });
  }

  private issue(
    principal: Principal,
    paymentMethodId: string,
    issuerId: number,
    securityCodeLength: number,
    cardId: string | null,
    card: CardFields,
  ): TokenEntry {
    const now = this.now();
    const created = iso(now);
    const due = now + TOKEN_LIFETIME_MS;
    // Named one by one rather than spread: a spread into a literal takes V8's slow path on every token.
    const entry: TokenEntry = {
      id: randomHex(16),
      card_id: cardId,
      status: 'active',
      luhn_validation: true,
      date_used: null,
      date_created: created,
      date_last_updated: created,
      date_due: dueText(due),
      first_six_digits: card.first_six_digits,
      last_four_digits: card.last_four_digits,
      card_number_length: card.card_number_length,
      expiration_month: card.expiration_month,
      expiration_year: card.expiration_year,
      cardholder_name: card.cardholder_name,
      identification_type: card.identification_type,
      identification_number: card.identification_number,
      security_code_length: securityCodeLength,
      live_mode: principal.liveMode,
      require_esc: false,
      public_key: null,
      user_id: principal.userId,
      payment_method_id: paymentMethodId,
      issuer_id: issuerId,
      due_ms: due,
      loaded: undefined,
    };
    this.store.tokens.set(entry.id, entry);
    return entry;
  }

  /** The caller's token as it is now: past its `date_due` an unused token reads `expired`. */
  token(principal: Principal, id: string): CardToken {
    const entry = this.store.tokens.get(id);
    if (entry === undefined || entry.user_id !== principal.userId) throw notFound('card token');
    this.expireIfDue(entry);
    return tokenView(entry);
  }

  private expireIfDue(entry: TokenEntry): void {
    if (entry.status === 'active' && entry.due_ms <= this.now()) entry.status = 'expired';
  }

  /**
   * Takes the token for one payment or one saved card, as the platform does: an unknown token is
   * error 2006, a used or expired one 2062 (the payments reference's codes).
   */
  spendToken(principal: Principal, id: string): TokenRecord {
    const entry = this.store.tokens.get(id);
    if (entry === undefined || entry.user_id !== principal.userId) throw badRequest('Card Token not found', '2006', 'Card Token not found');
    this.expireIfDue(entry);
    if (entry.status !== 'active') throw badRequest('Invalid card token', '2062', `Invalid card token: it is ${entry.status}`);
    entry.status = 'used';
    entry.date_used = iso(this.now());
    entry.date_last_updated = entry.date_used;
    return savedRecord(entry);
  }

  /** Whether `id` names one of the caller's card tokens (a payment's token may also be a sandbox outcome name). */
  isToken(id: string): boolean {
    return this.store.tokens.has(id);
  }

  // ---------------------------------------------------------------- customers

  /** An active customer of the caller; a removed one or another account's is 404. */
  customer(principal: Principal, id: string): Customer {
    const record = this.store.customers.get(id);
    if (record === undefined || record.customer.user_id !== principal.userId || record.customer.status !== 'active') throw notFound('customer');
    return { ...record.customer, cards: this.cardsOf(id) };
  }

  /** The customer as stored, cards left out (they are kept apart and joined on reading). */
  customerRecord(principal: Principal, id: string) {
    this.customer(principal, id);
    const record = this.store.customers.get(id);
    if (record === undefined) throw notFound('customer');
    return record;
  }

  cardsOf(customerId: string): CustomerCard[] {
    return [...this.store.cards.values()].map((record) => record.card).filter((card) => card.customer_id === customerId);
  }

  newCustomerId(): string {
    return `${this.store.next()}-${randomHex(7)}`;
  }

  newCardId(): string {
    return String(1_700_000_000_000 + this.store.next());
  }

  paymentMethodOf(principal: Principal, id: string) {
    const method = methodsOf(siteOf(this.context.seed, principal.userId)).find((candidate) => candidate.id === id);
    return method === undefined ? undefined : { spec: method, view: paymentMethodView(method) };
  }

  iso(): string {
    return iso(this.now());
  }
}
