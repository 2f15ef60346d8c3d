import { z } from 'zod';
import { Chargeback } from '../../shared/platform/payments';

/** A chargeback as the sandbox keeps it: the public body, and whose payment it disputes (for reads and webhooks). */
export const ChargebackRecord = z.object({ chargeback: Chargeback, user_id: z.number().int(), client_id: z.string(), notification_url: z.string().nullable() });
export type ChargebackRecord = z.infer<typeof ChargebackRecord>;

/** What `--state` keeps of the chargebacks (inside the `checkout` slice, see payment-side.ts). */
export interface SavedChargebacks {
  chargebacks: ChargebackRecord[];
  sequence: number;
}

/** Ids look like the platform's: digit strings. */
const CHARGEBACK_ID_BASE = 230_000_000_000;

export class ChargebackStore {
  private readonly records = new Map<string, ChargebackRecord>();
  private sequence = 0;

  nextId(): string {
    return String(CHARGEBACK_ID_BASE + ++this.sequence);
  }

  add(record: ChargebackRecord): void {
    this.records.set(record.chargeback.id, record);
  }

  get(id: string): ChargebackRecord | undefined {
    return this.records.get(id);
  }

  all(): ChargebackRecord[] {
    return [...this.records.values()];
  }

  save(): SavedChargebacks {
    return { chargebacks: this.all(), sequence: this.sequence };
  }

  load(saved: SavedChargebacks): void {
    this.reset();
    for (const record of saved.chargebacks) this.records.set(record.chargeback.id, record);
    this.sequence = saved.sequence;
  }

  reset(): void {
    this.records.clear();
    this.sequence = 0;
  }
}
