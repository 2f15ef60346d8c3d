import { z } from 'zod';
import { PaymentIntent } from '../../shared/platform/payments';

/** A terminal payment intent as the sandbox keeps it: the public body, whose it is, and where it is heading. */
export const IntentRecord = z.object({
  intent: PaymentIntent,
  user_id: z.number().int(),
  client_id: z.string(),
  live_mode: z.boolean(),
  outcome: z.enum(['approved', 'rejected', 'canceled']),
  notification_url: z.string().nullable(),
  /** Clock time of the next state change; null once the intent reached its final state. */
  next_step_at: z.number().nullable(),
});
export type IntentRecord = z.infer<typeof IntentRecord>;

export class IntentStore {
  private readonly records = new Map<string, IntentRecord>();

  add(record: IntentRecord): void {
    this.records.set(record.intent.id, record);
  }

  get(id: string): IntentRecord | undefined {
    return this.records.get(id);
  }

  all(): IntentRecord[] {
    return [...this.records.values()];
  }

  load(records: readonly IntentRecord[]): void {
    this.reset();
    for (const record of records) this.records.set(record.intent.id, record);
  }

  reset(): void {
    this.records.clear();
  }
}
