import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { parseInput } from '../input';
import { addCard, cardOf, createCustomer, removeCard, removeCustomer, searchCustomers, updateCard, updateCustomer } from './customers';
import { CardTokenRequest, CustomerCardRequest, CustomerCardUpdateRequest, CustomerRequest, CustomerSearchQuery, CustomerUpdateRequest } from './schemas';
import type { WalletService } from './service';
import { tokenView } from './token-entry';

const IdParams = z.object({ id: z.string().min(1) });
const CardParams = z.object({ id: z.string().min(1), cardId: z.string().min(1) });

/** Card tokens, customers and customers' cards. Owner only: another account's are 404. */
export function registerWallet(app: FastifyInstance, context: SandboxContext, wallet: WalletService): void {
  const tags = ['cards and customers'];
  app.post('/v1/card_tokens', { schema: { tags, summary: 'Tokenize a card (test cards decide the outcome by cardholder name)' } }, (request, reply) => {
    const principal = context.authenticate(request);
    return reply.code(201).send(tokenView(wallet.createToken(principal, parseInput(CardTokenRequest, request.body ?? {}, 'invalid card token'))));
  });
  app.get('/v1/card_tokens/:id', { schema: { tags, summary: 'Get a card token' } }, (request) => {
    const principal = context.authenticate(request);
    return wallet.token(principal, parseInput(IdParams, request.params, 'invalid path', 'path').id);
  });

  app.post('/v1/customers', { schema: { tags, summary: 'Create a customer' } }, (request, reply) => {
    const principal = context.authenticate(request);
    return reply.code(201).send(createCustomer(wallet, principal, parseInput(CustomerRequest, request.body, 'invalid customer')));
  });
  app.get(
    '/v1/customers/search',
    {
      schema: { tags, summary: 'Search customers (email, first_name, last_name, offset, limit)' },
      config: { documented: { querystring: CustomerSearchQuery } },
    },
    (request) => searchCustomers(wallet, context.authenticate(request), parseInput(CustomerSearchQuery, request.query, 'invalid search', 'query')),
  );
  app.get('/v1/customers/:id', { schema: { tags, summary: 'Get a customer' } }, (request) =>
    wallet.customer(context.authenticate(request), parseInput(IdParams, request.params, 'invalid path', 'path').id),
  );
  app.put('/v1/customers/:id', { schema: { tags, summary: 'Update a customer: the members sent replace the stored ones' } }, (request) => {
    const principal = context.authenticate(request);
    const { id } = parseInput(IdParams, request.params, 'invalid path', 'path');
    return updateCustomer(wallet, principal, id, parseInput(CustomerUpdateRequest, request.body ?? {}, 'invalid customer'));
  });
  app.delete('/v1/customers/:id', { schema: { tags, summary: 'Remove a customer' } }, (request) =>
    removeCustomer(wallet, context.authenticate(request), parseInput(IdParams, request.params, 'invalid path', 'path').id),
  );

  app.post('/v1/customers/:id/cards', { schema: { tags, summary: 'Save a card (from a card token) to a customer' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const { id } = parseInput(IdParams, request.params, 'invalid path', 'path');
    const { token } = parseInput(CustomerCardRequest, request.body, 'invalid card');
    return reply.code(201).send(addCard(wallet, principal, id, token));
  });
  app.get('/v1/customers/:id/cards', { schema: { tags, summary: "A customer's cards" } }, (request) => {
    const principal = context.authenticate(request);
    const { id } = parseInput(IdParams, request.params, 'invalid path', 'path');
    wallet.customer(principal, id);
    return wallet.cardsOf(id);
  });
  app.get('/v1/customers/:id/cards/:cardId', { schema: { tags, summary: "Get a customer's card" } }, (request) => {
    const { id, cardId } = parseInput(CardParams, request.params, 'invalid path', 'path');
    return cardOf(wallet, context.authenticate(request), id, cardId);
  });
  app.put('/v1/customers/:id/cards/:cardId', { schema: { tags, summary: "Update a customer's card (expiration, cardholder)" } }, (request) => {
    const principal = context.authenticate(request);
    const { id, cardId } = parseInput(CardParams, request.params, 'invalid path', 'path');
    return updateCard(wallet, principal, id, cardId, parseInput(CustomerCardUpdateRequest, request.body ?? {}, 'invalid card'));
  });
  app.delete('/v1/customers/:id/cards/:cardId', { schema: { tags, summary: "Remove a customer's card" } }, (request) => {
    const { id, cardId } = parseInput(CardParams, request.params, 'invalid path', 'path');
    return removeCard(wallet, context.authenticate(request), id, cardId);
  });

  context.registerSlice('wallet', { save: () => wallet.store.save(), load: (data) => wallet.store.load(data), reset: () => wallet.store.reset() });
}
