import type { NewPayment } from './payment';

/** An approved visa payment of 10 ARS to the seeded collector 1001, for tests to build on. */
export function approvedPayment(overrides: Partial<NewPayment> = {}): NewPayment {
  return {
    collectorId: 1001,
    amount: 10,
    currency: 'ARS',
    status: 'approved',
    statusDetail: 'accredited',
    paymentMethodId: 'visa',
    description: null,
    payerEmail: '',
    order: null,
    externalReference: null,
    installments: 1,
    issuerId: null,
    notificationUrl: null,
    liveMode: false,
    metadata: {},
    ...overrides,
  };
}
