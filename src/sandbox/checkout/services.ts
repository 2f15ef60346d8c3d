import type { NotificationService } from '../notifications/service';
import type { PaymentStore } from '../payments/store';

/** The payment side's live objects, for in-process tests and benchmarks (the HTTP API is the public face). */
export interface CheckoutServices {
  /** Every notification the payment side sends, and the dispatcher that delivers them. */
  readonly notifications: NotificationService;
  /** Every payment, however it was made. */
  readonly payments: PaymentStore;
}

const servicesByApp = new WeakMap<object, CheckoutServices>();

export function rememberCheckoutServices(app: object, services: CheckoutServices): void {
  servicesByApp.set(app, services);
}

export function checkoutServices(app: object): CheckoutServices {
  const services = servicesByApp.get(app);
  if (services === undefined) throw new Error('the payment side was not registered on this app');
  return services;
}
