import type { MerchantOrder, Payment } from '../../shared/platform/payments';
import { currencyOf } from '../accounts';
import type { SandboxContext } from '../context';
import type { MerchantOrderService } from '../merchant-orders/service';
import { TERMINAL_TEST_CARD } from './payment';
import type { PaymentService } from './service';

export interface TerminalPaymentInput {
  userId: number;
  clientId: string;
  liveMode: boolean;
  amount: number;
  approved: boolean;
  statusDetail: string;
  description: string | null;
  externalReference: string;
  installments: number;
  metadata: Record<string, unknown>;
}

/** Cards charged on a terminal for point orders: each charge is a payment with a merchant order of its own, both notified. */
export class TerminalPayments {
  constructor(
    private readonly context: SandboxContext,
    private readonly payments: PaymentService,
    private readonly merchantOrders: MerchantOrderService,
  ) {}

  charge(input: TerminalPaymentInput): { payment: Payment; merchantOrder: MerchantOrder } {
    const currency = currencyOf(this.context.seed, input.userId);
    const orderRecord = this.merchantOrders.openForTerminal({
      userId: input.userId,
      clientId: input.clientId,
      liveMode: input.liveMode,
      amount: input.amount,
      currency,
      description: input.description,
      externalReference: input.externalReference,
    });
    const { payment } = this.payments.add(
      {
        collectorId: input.userId,
        amount: input.amount,
        currency,
        status: input.approved ? 'approved' : 'rejected',
        statusDetail: input.statusDetail,
        paymentMethodId: 'visa',
        description: input.description,
        payerEmail: 'buyer@terminal.sandbox.test',
        order: { id: orderRecord.order.id, type: 'mercadopago' },
        externalReference: input.externalReference,
        installments: input.installments,
        issuerId: null,
        notificationUrl: null,
        liveMode: input.liveMode,
        metadata: input.metadata,
        pointOfInteraction: 'POINT',
        card: TERMINAL_TEST_CARD,
      },
      input.clientId,
    );
    this.merchantOrders.refresh(orderRecord);
    this.merchantOrders.notify(orderRecord, 'created');
    return { payment, merchantOrder: orderRecord.order };
  }
}
