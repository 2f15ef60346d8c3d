import type { z } from 'zod';
import type { Principal } from '../context';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import type { Customer, CustomerCard, CustomerCardUpdateRequest, CustomerRequest, CustomerSearchQuery, CustomerUpdateRequest } from './schemas';
import type { WalletService } from './service';
import type { CustomerRecord } from './store';

type StoredCustomer = CustomerRecord['customer'];

/** Customers and their saved cards: create, read, search, update, remove (the platform's customers API). */

type CustomerInput = z.output<typeof CustomerRequest>;
type CustomerChange = z.output<typeof CustomerUpdateRequest>;

function refuseTakenEmail(wallet: WalletService, principal: Principal, email: string, except?: string): void {
  for (const { customer } of wallet.store.customers.values()) {
    if (
      customer.user_id === principal.userId &&
      customer.status === 'active' &&
      customer.id !== except &&
      customer.email.toLowerCase() === email.toLowerCase()
    ) {
      throw new SandboxError(400, 'bad_request', 'the customer already exist', [{ code: '101', description: 'the customer already exist' }]);
    }
  }
}

function applied(customer: StoredCustomer, input: CustomerChange): void {
  if (input.email !== undefined) customer.email = input.email;
  if (input.first_name !== undefined) customer.first_name = input.first_name;
  if (input.last_name !== undefined) customer.last_name = input.last_name;
  if (input.phone !== undefined) customer.phone = { area_code: input.phone.area_code ?? null, number: input.phone.number ?? null };
  if (input.identification !== undefined) customer.identification = { type: input.identification.type ?? null, number: input.identification.number ?? null };
  if (input.address !== undefined) customer.address = structuredClone(input.address);
  if (input.description !== undefined) customer.description = input.description;
  if (input.date_registered !== undefined) customer.date_registered = input.date_registered;
  if (input.default_address !== undefined) customer.default_address = input.default_address;
  if (input.default_card !== undefined) customer.default_card = input.default_card;
  if (input.metadata !== undefined) customer.metadata = structuredClone(input.metadata);
}

export function createCustomer(wallet: WalletService, principal: Principal, input: CustomerInput): Customer {
  refuseTakenEmail(wallet, principal, input.email);
  const now = wallet.iso();
  const customer: StoredCustomer = {
    id: wallet.newCustomerId(),
    email: input.email,
    first_name: null,
    last_name: null,
    phone: { area_code: null, number: null },
    identification: { type: null, number: null },
    address: {},
    description: null,
    date_created: now,
    date_last_updated: now,
    date_registered: null,
    default_address: null,
    default_card: null,
    metadata: {},
    addresses: [],
    live_mode: principal.liveMode,
    user_id: principal.userId,
    merchant_id: principal.userId,
    client_id: Number(principal.clientId),
    status: 'active',
  };
  applied(customer, input);
  wallet.store.customers.set(customer.id, { customer });
  return wallet.customer(principal, customer.id);
}

export function updateCustomer(wallet: WalletService, principal: Principal, id: string, input: CustomerChange): Customer {
  const record = wallet.customerRecord(principal, id);
  if (input.email !== undefined) refuseTakenEmail(wallet, principal, input.email, id);
  applied(record.customer, input);
  record.customer.date_last_updated = wallet.iso();
  return wallet.customer(principal, id);
}

/** Removing keeps the record as `deactive` (the answer shows it so); it is then not found. */
export function removeCustomer(wallet: WalletService, principal: Principal, id: string): Customer {
  const answer = wallet.customer(principal, id);
  const record = wallet.customerRecord(principal, id);
  record.customer.status = 'deactive';
  record.customer.date_last_updated = wallet.iso();
  return { ...answer, status: 'deactive', date_last_updated: record.customer.date_last_updated };
}

export function searchCustomers(wallet: WalletService, principal: Principal, query: z.output<typeof CustomerSearchQuery>) {
  const found = [...wallet.store.customers.values()]
    .map((record) => record.customer)
    .filter((customer) => customer.user_id === principal.userId && customer.status === 'active')
    .filter((customer) => query.email === undefined || customer.email.toLowerCase() === query.email.toLowerCase())
    .filter((customer) => query.first_name === undefined || customer.first_name === query.first_name)
    .filter((customer) => query.last_name === undefined || customer.last_name === query.last_name)
    .map((customer) => ({ ...customer, cards: wallet.cardsOf(customer.id) }));
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 10;
  return { paging: { limit, offset, total: found.length }, results: found.slice(offset, offset + limit) };
}

// ---------------------------------------------------------------- cards

export function addCard(wallet: WalletService, principal: Principal, customerId: string, tokenId: string): CustomerCard {
  wallet.customer(principal, customerId);
  const spent = wallet.spendToken(principal, tokenId);
  const method = wallet.paymentMethodOf(principal, spent.payment_method_id);
  if (method === undefined) throw new SandboxError(400, 'bad_request', 'invalid card', [{ code: '2062', description: 'Invalid card token' }]);
  const now = wallet.iso();
  const { view, spec } = method;
  const card: CustomerCard = {
    id: spent.token.card_id ?? wallet.newCardId(),
    customer_id: customerId,
    user_id: String(principal.userId),
    expiration_month: spent.token.expiration_month,
    expiration_year: spent.token.expiration_year,
    first_six_digits: spent.token.first_six_digits,
    last_four_digits: spent.token.last_four_digits,
    payment_method: { id: view.id, name: view.name, payment_type_id: view.payment_type_id, thumbnail: view.thumbnail, secure_thumbnail: view.secure_thumbnail },
    security_code: { length: spec.securityCodeLength, card_location: spec.securityCodeLength === 4 ? 'front' : 'back' },
    issuer: { ...spec.issuer },
    cardholder: structuredClone(spent.token.cardholder),
    date_created: now,
    date_last_updated: now,
    live_mode: principal.liveMode,
  };
  wallet.store.cards.set(card.id, { card });
  const record = wallet.customerRecord(principal, customerId);
  if (record.customer.default_card === null) record.customer.default_card = card.id;
  return card;
}

export function cardOf(wallet: WalletService, principal: Principal, customerId: string, cardId: string): CustomerCard {
  wallet.customer(principal, customerId);
  const card = wallet.store.cards.get(cardId)?.card;
  if (card === undefined || card.customer_id !== customerId) throw notFound('card');
  return card;
}

export function updateCard(
  wallet: WalletService,
  principal: Principal,
  customerId: string,
  cardId: string,
  input: z.output<typeof CustomerCardUpdateRequest>,
): CustomerCard {
  const card = cardOf(wallet, principal, customerId, cardId);
  if (input.expiration_month !== undefined) card.expiration_month = input.expiration_month;
  if (input.expiration_year !== undefined) card.expiration_year = input.expiration_year;
  if (input.cardholder?.name !== undefined) card.cardholder.name = input.cardholder.name;
  if (input.cardholder?.identification?.type !== undefined) card.cardholder.identification.type = input.cardholder.identification.type;
  if (input.cardholder?.identification?.number !== undefined) card.cardholder.identification.number = input.cardholder.identification.number;
  card.date_last_updated = wallet.iso();
  return card;
}

export function removeCard(wallet: WalletService, principal: Principal, customerId: string, cardId: string): CustomerCard {
  const card = cardOf(wallet, principal, customerId, cardId);
  wallet.store.cards.delete(cardId);
  const record = wallet.customerRecord(principal, customerId);
  if (record.customer.default_card === cardId) record.customer.default_card = wallet.cardsOf(customerId)[0]?.id ?? null;
  return card;
}
