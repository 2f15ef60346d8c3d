import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ChargebackRecord } from './chargebacks/store';
import { registerChargebacks } from './chargebacks/routes';
import { ChargebackService } from './chargebacks/service';
import { CheckoutFlow } from './checkout/pay';
import { registerCheckout } from './checkout/routes';
import { rememberCheckoutServices } from './checkout/services';
import type { PersistentSlice, SandboxContext } from './context';
import { IdempotencyRecord } from './idempotency';
import { registerMerchantOrders } from './merchant-orders/routes';
import { MerchantOrderService } from './merchant-orders/service';
import { MerchantOrderRecord } from './merchant-orders/store';
import type { NotificationService } from './notifications/service';
import { registerPaymentIntents } from './payment-intents/routes';
import { PaymentIntentService } from './payment-intents/service';
import { IntentRecord } from './payment-intents/store';
import { PaymentChanges } from './payments/changes';
import { PaymentRefunds } from './payments/refunds';
import { registerPaymentControl } from './payments/control-routes';
import { registerWallet } from './wallet/routes';
import { WalletService } from './wallet/service';
import { registerPayments } from './payments/routes';
import { PaymentService } from './payments/service';
import { PaymentRecord } from './payments/store';
import { TerminalPayments } from './payments/terminal';
import { registerPreferences } from './preferences/routes';
import { PreferenceService } from './preferences/service';
import { PreferenceRecord } from './preferences/store';

/** What other areas use of the payment side: point orders charge cards on terminals and refund them; online orders charge card tokens, pix and tickets. */
export interface PaymentSide {
  readonly terminalPayments: TerminalPayments;
  readonly refunds: PaymentRefunds;
  readonly payments: PaymentService;
  readonly changes: PaymentChanges;
  readonly wallet: WalletService;
}

/**
 * The payment side of the platform (spec 2.4–2.6, 4.2, 4.6, 6): each resource is an area of its own, with
 * its state, its rules and its routes (preferences/, checkout/, payments/, merchant-orders/,
 * chargebacks/, payment-intents/), wired here. A new resource is a new area, and a line below.
 */
export function registerPaymentSide(app: FastifyInstance, context: SandboxContext, notifications: NotificationService): PaymentSide {
  const payments = new PaymentService(context, notifications);
  const merchantOrders = new MerchantOrderService(context, notifications, (orderId) => payments.store.ofMerchantOrder(orderId));
  const preferences = new PreferenceService(context);
  const chargebacks = new ChargebackService(context.clock, notifications, payments, merchantOrders);
  const intents = new PaymentIntentService(context, notifications, payments);

  registerPreferences(app, context, preferences);
  registerCheckout(app, new CheckoutFlow(context, preferences, payments, merchantOrders));
  const wallet = new WalletService(context);
  const refunds = new PaymentRefunds(context.clock, payments, merchantOrders);
  registerWallet(app, context, wallet);
  const changes = new PaymentChanges(context.clock, payments, refunds);
  registerPayments(app, context, payments, { wallet, changes });
  registerPaymentControl(app, context, payments);
  registerMerchantOrders(app, context, merchantOrders, preferences);
  registerChargebacks(app, context, chargebacks);
  registerPaymentIntents(app, context, intents);

  context.registerSlice('checkout', persistedTogether({ preferences, payments, merchantOrders, chargebacks, intents }));
  app.addHook('onClose', async () => intents.stop());
  rememberCheckoutServices(app, { notifications, payments: payments.store });
  return { terminalPayments: new TerminalPayments(context, payments, merchantOrders), refunds, payments, changes, wallet };
}

/** The records of the first payment-side resources, saved as one object: the shape `--state` files have had since they were one module. */
const PersistedCheckout = z.object({
  preferences: z.array(PreferenceRecord),
  payments: z.array(PaymentRecord),
  merchant_orders: z.array(MerchantOrderRecord),
  chargebacks: z.array(ChargebackRecord),
  payment_intents: z.array(IntentRecord),
  idempotency: z.array(IdempotencyRecord),
  sequences: z.object({ payment: z.number().int(), merchant_order: z.number().int(), chargeback: z.number().int() }),
});
type PersistedCheckout = z.infer<typeof PersistedCheckout>;

interface PersistedAreas {
  preferences: PreferenceService;
  payments: PaymentService;
  merchantOrders: MerchantOrderService;
  chargebacks: ChargebackService;
  intents: PaymentIntentService;
}

function persistedTogether({ preferences, payments, merchantOrders, chargebacks, intents }: PersistedAreas): PersistentSlice {
  const reset = (): void => {
    intents.reset();
    preferences.store.reset();
    payments.store.reset();
    merchantOrders.store.reset();
    chargebacks.store.reset();
  };
  return {
    save(): PersistedCheckout {
      const paid = payments.store.save();
      const grouped = merchantOrders.store.save();
      const disputed = chargebacks.store.save();
      const copied = structuredClone({
        preferences: preferences.store.all(),
        payments: paid.payments,
        merchant_orders: grouped.merchant_orders,
        chargebacks: disputed.chargebacks,
        payment_intents: intents.store.all(),
      });
      // Not copied again: the payments' remembered answers are parsed afresh from their text on every save.
      return {
        ...copied,
        idempotency: paid.idempotency,
        sequences: { payment: paid.sequence, merchant_order: grouped.sequence, chargeback: disputed.sequence },
      };
    },
    load(data) {
      const saved = PersistedCheckout.parse(data);
      reset();
      preferences.store.load(saved.preferences);
      payments.store.load({ payments: saved.payments, idempotency: saved.idempotency, sequence: saved.sequences.payment });
      merchantOrders.store.load({ merchant_orders: saved.merchant_orders, sequence: saved.sequences.merchant_order });
      chargebacks.store.load({ chargebacks: saved.chargebacks, sequence: saved.sequences.chargeback });
      intents.load(saved.payment_intents);
    },
    reset,
  };
}
