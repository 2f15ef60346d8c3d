import type { FastifyInstance } from 'fastify';
import { PaymentIntentControlRequest } from '../../shared/platform/payments';
import type { SandboxContext } from '../context';
import { notFound, parseInput, TextIdParams } from '../input';
import type { PaymentIntentService } from './service';

/** Reading a terminal payment intent (topic point_integration_ipn), owner only; and starting one from the control API. */
export function registerPaymentIntents(app: FastifyInstance, context: SandboxContext, intents: PaymentIntentService): void {
  app.get(
    '/point/integration-api/payment-intents/:id',
    { schema: { tags: ['payments'], summary: 'Get a terminal payment intent (topic point_integration_ipn)' } },
    (request) => {
      const principal = context.authenticate(request);
      const { id } = parseInput(TextIdParams, request.params, 'invalid path', 'path');
      const record = intents.store.get(id);
      if (record === undefined || record.user_id !== principal.userId) throw notFound('payment intent');
      return record.intent;
    },
  );

  app.post(
    '/__sandbox/payment-intents',
    {
      schema: { tags: ['sandbox checkout'], summary: 'Start a terminal payment intent that walks its states on the clock' },
      config: { documented: { body: PaymentIntentControlRequest } },
    },
    (request, reply) => {
      const body = parseInput(PaymentIntentControlRequest, request.body, 'invalid payment intent');
      return reply.code(201).send(intents.create(body));
    },
  );
}
