import { PRINTS_AND_SALES } from './001-prints-and-sales';
import { SALE_RECORDS } from './002-sale-records';
import { STORE_OUTBOX } from './003-store-outbox';
import { CHECKOUT_SALES } from './004-checkout-sales';
import { STORE_OUTBOX_ASIDE } from './005-store-outbox-aside';
import { STAFF_AND_AUDIT } from './006-staff-and-audit';
import { SHIFTS } from './007-shifts';
import { MADE_BY } from './008-made-by';
import { SALE_DAY_FACTS } from './009-sale-day-facts';
import type { TableRole } from './migration';

/**
 * The history's schema as ordered migrations, one file each: migration i brings `PRAGMA user_version`
 * from i to i + 1 (schema.ts). Append only: a released migration is never edited, a change is a new one.
 */
export const MIGRATIONS = [
  PRINTS_AND_SALES,
  SALE_RECORDS,
  STORE_OUTBOX,
  CHECKOUT_SALES,
  STORE_OUTBOX_ASIDE,
  STAFF_AND_AUDIT,
  SHIFTS,
  MADE_BY,
  SALE_DAY_FACTS,
] as const;

type TablesOf<M> = M extends { readonly tables: infer Tables } ? keyof Tables & string : never;
/** Every table the migrations create. */
export type Table = TablesOf<(typeof MIGRATIONS)[number]>;

/** Every table with what it holds, in the order the migrations create them (the order a salvage copies them). */
export const TABLE_ROLES: Readonly<Record<Table, TableRole>> = Object.assign({}, ...MIGRATIONS.map((migration) => migration.tables)) as Record<
  Table,
  TableRole
>;
export const TABLES: readonly Table[] = Object.keys(TABLE_ROLES) as Table[];

export type { RecordKind, TableRole } from './migration';
