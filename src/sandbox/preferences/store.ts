import { z } from 'zod';
import { Preference } from '../../shared/platform/preferences';

/** live_mode comes from the token that created the preference; payments made through it inherit it. */
export const PreferenceRecord = z.object({ preference: Preference, live_mode: z.boolean() });
export type PreferenceRecord = z.infer<typeof PreferenceRecord>;

export class PreferenceStore {
  private readonly records = new Map<string, PreferenceRecord>();

  add(record: PreferenceRecord): void {
    this.records.set(record.preference.id, record);
  }

  get(id: string): PreferenceRecord | undefined {
    return this.records.get(id);
  }

  all(): PreferenceRecord[] {
    return [...this.records.values()];
  }

  load(records: readonly PreferenceRecord[]): void {
    this.reset();
    for (const record of records) this.records.set(record.preference.id, record);
  }

  reset(): void {
    this.records.clear();
  }
}
