/** What a history table holds, for the salvage's report: which kind of record, and whether one row is one record or a part of one. */
export type RecordKind = 'prints' | 'terminalSales' | 'paymentOrders' | 'checkoutSales' | 'storeOutbox' | 'meta' | 'staff' | 'audit' | 'shifts';

export interface TableRole {
  readonly kind: RecordKind;
  /** `records`: one row per record of the kind (what the start-up notice counts); `parts`: rows that belong to one (transitions, content). */
  readonly holds: 'records' | 'parts';
}

/**
 * One step of the history's schema: its SQL, run in one transaction that also sets `PRAGMA user_version`
 * (schema.ts), and every table it creates. The salvage copies exactly the tables the migrations name
 * (salvage.ts), so a new table is salvaged by being named here; migrations.test.ts checks the names
 * against the tables the SQL really makes.
 */
export interface Migration {
  readonly sql: string;
  readonly tables: Readonly<Record<string, TableRole>>;
}
