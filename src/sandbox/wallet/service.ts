import { siteOf } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import { cardMethodOf, luhnValid, methodsOf, paymentMethodView } from '../catalog/sites';
import type { CardToken, CardTokenRequest, Customer, CustomerCard } from './schemas';
import { WalletStore, type TokenRecord } from './store';
import { randomHex } from '../random-id';
import { isoTime } from '../iso-time';

const DAY = 86_400_000;
/** A card token is good for one payment within seven days (the platform's `date_due`). */
const TOKEN_LIFETIME_MS = 7 * DAY;

const iso = isoTime;
const badRequest = (message: string, code: string, description: string): SandboxError => new SandboxError(400, 'bad_request', message, [{ code, description }]);

/** A token's due date never changes: known when it is issued, read from its text once after a load. */
const dueTimes = new WeakMap<TokenRecord, number>();
function dueAt(record: TokenRecord): number {
  let due = dueTimes.get(record);
  if (due === undefined) {
    due = Date.parse(record.token.date_due);
    dueTimes.set(record, due);
  }
  return due;
}

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

  createToken(principal: Principal, input: CardTokenRequest): CardToken {
    if (input.card_id !== undefined) return this.tokenOfSavedCard(principal, input.card_id, input.security_code);
    requireCardFields(input);
    const site = siteOf(this.context.seed, principal.userId);
    const method = cardMethodOf(site, input.card_number);
    if (method === undefined) throw badRequest('invalid card token', 'E301', `no card brand of site ${site} starts like this card number`);
    if (input.security_code !== undefined && input.security_code.length !== method.securityCodeLength) {
      throw badRequest('invalid card token', 'E302', `invalid parameter securityCode: ${method.name} codes have ${method.securityCodeLength} digits`);
    }
    const holder = input.cardholder ?? {};
    return this.issue(
      principal,
      { paymentMethodId: method.id, issuerId: method.issuer.id, securityCodeLength: method.securityCodeLength, cardId: null },
      {
        first_six_digits: input.card_number.slice(0, 6),
        last_four_digits: input.card_number.slice(-4),
        card_number_length: input.card_number.length,
        expiration_month: input.expiration_month,
        expiration_year: input.expiration_year,
        cardholder: { name: holder.name ?? '', identification: { type: holder.identification?.type ?? null, number: holder.identification?.number ?? null } },
      },
    );
  }

  private tokenOfSavedCard(principal: Principal, cardId: string, securityCode: string | undefined): CardToken {
    const card = this.store.cards.get(cardId)?.card;
    if (card === undefined || card.user_id !== String(principal.userId)) throw notFound('card');
    if (securityCode !== undefined && securityCode.length !== card.security_code.length)
      throw badRequest('invalid card token', 'E302', 'invalid parameter securityCode');
    return this.issue(
      principal,
      { paymentMethodId: card.payment_method.id, issuerId: card.issuer.id, securityCodeLength: card.security_code.length, cardId: card.id },
      {
        first_six_digits: card.first_six_digits,
        last_four_digits: card.last_four_digits,
        card_number_length: card.security_code.length === 4 ? 15 : 16,
        expiration_month: card.expiration_month,
        expiration_year: card.expiration_year,
        cardholder: structuredClone(card.cardholder),
      },
    );
  }

  private issue(
    principal: Principal,
    card: { paymentMethodId: string; issuerId: number; securityCodeLength: number; cardId: string | null },
    fields: Pick<CardToken, 'first_six_digits' | 'last_four_digits' | 'card_number_length' | 'expiration_month' | 'expiration_year' | 'cardholder'>,
  ): CardToken {
    const now = this.now();
    const created = iso(now);
    const token: CardToken = {
      id: randomHex(16),
      card_id: card.cardId,
      status: 'active',
      luhn_validation: true,
      date_used: null,
      date_created: created,
      date_last_updated: created,
      date_due: iso(now + TOKEN_LIFETIME_MS),
      // Named one by one rather than spread: a spread into a literal takes V8's slow path on every token.
      first_six_digits: fields.first_six_digits,
      last_four_digits: fields.last_four_digits,
      card_number_length: fields.card_number_length,
      expiration_month: fields.expiration_month,
      expiration_year: fields.expiration_year,
      cardholder: fields.cardholder,
      security_code_length: card.securityCodeLength,
      live_mode: principal.liveMode,
      require_esc: false,
      public_key: null,
    };
    const record: TokenRecord = { token, user_id: principal.userId, payment_method_id: card.paymentMethodId, issuer_id: card.issuerId };
    dueTimes.set(record, now + TOKEN_LIFETIME_MS);
    this.store.tokens.set(token.id, record);
    return token;
  }

  /** The caller's token as it is now: past its `date_due` an unused token reads `expired`. */
  token(principal: Principal, id: string): CardToken {
    const record = this.store.tokens.get(id);
    if (record === undefined || record.user_id !== principal.userId) throw notFound('card token');
    this.expireIfDue(record);
    return record.token;
  }

  private expireIfDue(record: TokenRecord): void {
    if (record.token.status === 'active' && dueAt(record) <= this.now()) record.token.status = 'expired';
  }

  /**
   * Takes the token for one payment or one saved card, as the platform does: an unknown token is
   * error 2006, a used or expired one 2062 (the payments reference's codes).
   */
  spendToken(principal: Principal, id: string): TokenRecord {
    const record = this.store.tokens.get(id);
    if (record === undefined || record.user_id !== principal.userId) throw badRequest('Card Token not found', '2006', 'Card Token not found');
    this.expireIfDue(record);
    if (record.token.status !== 'active') throw badRequest('Invalid card token', '2062', `Invalid card token: it is ${record.token.status}`);
    record.token.status = 'used';
    record.token.date_used = iso(this.now());
    record.token.date_last_updated = record.token.date_used;
    return record;
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
