import { z } from 'zod';
import { MerchantOrder } from '../../shared/platform/payments';

/** A merchant order as the sandbox keeps it: the public body, and who made it (the application signs its webhooks). */
export const MerchantOrderRecord = z.object({ order: MerchantOrder, client_id: z.string(), live_mode: z.boolean() });
export type MerchantOrderRecord = z.infer<typeof MerchantOrderRecord>;

/** What `--state` keeps of the merchant orders (inside the `checkout` slice, see payment-side.ts). */
export interface SavedMerchantOrders {
  merchant_orders: MerchantOrderRecord[];
  sequence: number;
}

/** Ids look like the platform's: large numbers. */
const MERCHANT_ORDER_ID_BASE = 21_000_000_000;

export class MerchantOrderStore {
  private readonly records = new Map<number, MerchantOrderRecord>();
  private sequence = 0;

  nextId(): number {
    return MERCHANT_ORDER_ID_BASE + ++this.sequence;
  }

  add(record: MerchantOrderRecord): void {
    this.records.set(record.order.id, record);
  }

  get(id: number): MerchantOrderRecord | undefined {
    return this.records.get(id);
  }

  all(): MerchantOrder[] {
    return [...this.records.values()].map((record) => record.order);
  }

  ofPreference(preferenceId: string): MerchantOrderRecord | undefined {
    for (const record of this.records.values()) if (record.order.preference_id === preferenceId) return record;
    return undefined;
  }

  save(): SavedMerchantOrders {
    return { merchant_orders: [...this.records.values()], sequence: this.sequence };
  }

  load(saved: SavedMerchantOrders): void {
    this.reset();
    for (const record of saved.merchant_orders) this.records.set(record.order.id, record);
    this.sequence = saved.sequence;
  }

  reset(): void {
    this.records.clear();
    this.sequence = 0;
  }
}
