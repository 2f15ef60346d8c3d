import { randomUUID } from 'node:crypto';
import type { TimerHandle } from '../../shared/clock';
import type { z } from 'zod';
import type { PaymentIntent, PaymentIntentControlRequest, PaymentIntentState } from '../../shared/platform/payments';
import { currencyOf } from '../accounts';
import type { SandboxContext } from '../context';
import { notFound } from '../input';
import type { NotificationService } from '../notifications/service';
import { TERMINAL_TEST_CARD } from '../payments/payment';
import type { PaymentService } from '../payments/service';
import { IntentStore, type IntentRecord } from './store';

/** Time between the states of a terminal payment intent, so tests can watch each one with the clock. */
export const INTENT_STEP_MS = 1_000;

/** The states an intent walks on its way to its outcome. */
const INTENT_PATHS: Readonly<Record<IntentRecord['outcome'], readonly PaymentIntentState[]>> = {
  approved: ['OPEN', 'ON_TERMINAL', 'PROCESSING', 'FINISHED'],
  rejected: ['OPEN', 'ON_TERMINAL', 'PROCESSING', 'FINISHED'],
  canceled: ['OPEN', 'ON_TERMINAL', 'CANCELED'],
};

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Terminal payment intents (topic `point_integration_ipn`): started from the control API, each walks
 * its states on the clock, one step every INTENT_STEP_MS, and a finished one leaves a card payment.
 */
export class PaymentIntentService {
  readonly store = new IntentStore();
  private readonly timers = new Map<string, TimerHandle>();

  constructor(
    private readonly context: SandboxContext,
    private readonly notifications: NotificationService,
    private readonly payments: PaymentService,
  ) {}

  create(input: z.output<typeof PaymentIntentControlRequest>): PaymentIntent {
    const { clock, seed } = this.context;
    const terminal = seed.terminals.find((candidate) => candidate.id === input.device_id);
    if (terminal === undefined) throw notFound('terminal');
    const application = seed.applications.find((candidate) => candidate.owner_user_id === terminal.user_id);
    const now = iso(clock.now());
    const intent: PaymentIntent = {
      id: randomUUID(),
      device_id: terminal.id,
      amount: input.amount,
      description: input.description ?? null,
      state: 'OPEN',
      payment: { id: null, type: 'credit_card', installments: 1, installments_cost: 'seller' },
      additional_info: { external_reference: input.external_reference ?? null, print_on_terminal: true },
      payment_mode: 'regular',
      created_at: now,
      last_updated_at: now,
    };
    const record: IntentRecord = {
      intent,
      user_id: terminal.user_id,
      client_id: application?.client_id ?? '',
      live_mode: true,
      outcome: input.outcome,
      notification_url: input.notification_url ?? null,
      next_step_at: clock.now() + INTENT_STEP_MS,
    };
    this.store.add(record);
    this.schedule(record);
    return intent;
  }

  /** Takes the saved intents, each going on from where it was. */
  load(records: readonly IntentRecord[]): void {
    this.stop();
    this.store.load(records);
    for (const record of this.store.all()) this.schedule(record);
  }

  reset(): void {
    this.stop();
    this.store.reset();
  }

  stop(): void {
    for (const handle of this.timers.values()) this.context.clock.clearTimeout(handle);
    this.timers.clear();
  }

  private schedule(record: IntentRecord): void {
    const { clock } = this.context;
    const existing = this.timers.get(record.intent.id);
    if (existing !== undefined) clock.clearTimeout(existing);
    this.timers.delete(record.intent.id);
    if (record.next_step_at === null) return;
    this.timers.set(
      record.intent.id,
      clock.setTimeout(() => {
        this.timers.delete(record.intent.id);
        this.step(record);
      }, record.next_step_at - clock.now()),
    );
  }

  private step(record: IntentRecord): void {
    const path = INTENT_PATHS[record.outcome];
    const next = path[path.indexOf(record.intent.state) + 1];
    if (next === undefined) {
      record.next_step_at = null;
      return;
    }
    const now = this.context.clock.now();
    record.intent.state = next;
    record.intent.last_updated_at = iso(now);
    const final = next === path[path.length - 1];
    record.next_step_at = final ? null : now + INTENT_STEP_MS;
    if (!final) {
      this.schedule(record);
      return;
    }
    if (next === 'FINISHED') record.intent.payment.id = this.charge(record);
    this.notifications.notify({
      topic: 'point_integration_ipn',
      resourceId: record.intent.id,
      action: `state_${next}`,
      userId: record.user_id,
      clientId: record.client_id,
      liveMode: record.live_mode,
      notificationUrl: record.notification_url,
    });
  }

  /** The card payment a finished intent leaves: approved or rejected, as the intent was asked to end. */
  private charge(record: IntentRecord): number {
    const approved = record.outcome === 'approved';
    const { payment } = this.payments.add(
      {
        collectorId: record.user_id,
        amount: record.intent.amount / 100,
        currency: currencyOf(this.context.seed, record.user_id),
        status: approved ? 'approved' : 'rejected',
        statusDetail: approved ? 'accredited' : 'cc_rejected_other_reason',
        paymentMethodId: 'visa',
        description: record.intent.description,
        payerEmail: 'buyer@terminal.sandbox.test',
        order: null,
        externalReference: record.intent.additional_info.external_reference,
        installments: record.intent.payment.installments,
        issuerId: null,
        notificationUrl: record.notification_url,
        liveMode: record.live_mode,
        metadata: { payment_intent_id: record.intent.id, device_id: record.intent.device_id },
        pointOfInteraction: 'POINT',
        card: TERMINAL_TEST_CARD,
      },
      record.client_id,
    );
    return payment.id;
  }
}
