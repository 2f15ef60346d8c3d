import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currencyOf } from '../accounts';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { roundMoney } from '../money';
import { notFound, NumericIdParams, numericId, parseInput } from '../input';
import type { PaymentService } from './service';

const Amount = z.number().positive().max(999_999_999.99);

/** A payment the counter never saw: a sale made elsewhere (another till, the online store) on the same account. */
const ElsewhereBody = z.strictObject({
  user_id: z.number().int(),
  amount: Amount,
  external_reference: z.string().min(1).max(64).nullable().default(null),
  payment_method_id: z.string().min(1).max(40).default('visa'),
  description: z.string().max(200).nullable().default(null),
});

const AmountBody = z.strictObject({ amount: Amount });

/**
 * Control calls that plant what a day's reconciliation must find: a payment the counter never saw, and a
 * payment whose amount changed on the platform. Both are notified like any other change (payment.created,
 * payment.updated), as the platform would.
 */
export function registerPaymentControl(app: FastifyInstance, context: SandboxContext, payments: PaymentService): void {
  const tags = ['sandbox checkout'];
  app.post(
    '/__sandbox/payments/elsewhere',
    { schema: { tags, summary: 'Make an approved payment the counter never saw (a sale made elsewhere)' }, config: { documented: { body: ElsewhereBody } } },
    (request, reply) => {
      const body = parseInput(ElsewhereBody, request.body ?? {}, 'invalid payment');
      const user = context.seed.users.find((candidate) => candidate.user_id === body.user_id);
      if (user === undefined) throw notFound('user');
      const application = context.seed.applications.find((candidate) => candidate.owner_user_id === user.user_id);
      const record = payments.add(
        {
          collectorId: user.user_id,
          amount: body.amount,
          currency: currencyOf(context.seed, user.user_id),
          status: 'approved',
          statusDetail: 'accredited',
          paymentMethodId: body.payment_method_id,
          description: body.description,
          payerEmail: 'buyer@elsewhere.sandbox.test',
          order: null,
          externalReference: body.external_reference,
          installments: 1,
          issuerId: null,
          notificationUrl: null,
          liveMode: false,
          metadata: { sandbox: 'made_elsewhere' },
        },
        application?.client_id ?? 'elsewhere',
      );
      return reply.code(201).send(record.payment);
    },
  );

  app.post(
    '/__sandbox/payments/:id/amount',
    {
      schema: { tags, summary: "Change a payment's amount on the platform (what a reconciliation must notice)" },
      config: { documented: { params: NumericIdParams, body: AmountBody } },
    },
    (request) => {
      const record = payments.store.get(numericId(request.params, 'payment'));
      if (record === undefined) throw notFound('payment');
      const { amount } = parseInput(AmountBody, request.body ?? {}, 'invalid amount');
      const refunded = record.payment.transaction_amount_refunded;
      if (amount < refunded) throw new SandboxError(400, 'invalid_amount', 'the amount cannot be less than what was refunded');
      const changed = roundMoney(amount);
      record.payment = {
        ...record.payment,
        transaction_amount: changed,
        date_last_updated: new Date(context.clock.now()).toISOString(),
        transaction_details: { ...record.payment.transaction_details, total_paid_amount: changed, net_received_amount: changed, installment_amount: changed },
      };
      payments.changed(record);
      return record.payment;
    },
  );
}
