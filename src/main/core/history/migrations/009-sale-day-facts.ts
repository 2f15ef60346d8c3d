import type { Migration } from './migration';

/**
 * What the day reads of each terminal sale (day-sources.ts), kept in an index: the X report of a busy
 * shift reads thousands of sales, and SQLite answers the read from this covering index instead of parsing
 * every whole record again. The expression must stay word for word the one day-sources.ts selects. A
 * record that is not JSON (a damaged row a salvage copies) is indexed as null rather than refused.
 */
export const SALE_DAY_FACTS_EXPRESSION = `(CASE WHEN json_valid(record) THEN json_extract(record, '$.terminalId', '$.externalReference', '$.amount', '$.refundedAmount', '$.refunds', '$.status', '$.createdAt') END)`;

export const SALE_DAY_FACTS = {
  sql: `
  CREATE INDEX sale_records_day_facts ON sale_records (created_at, sale_id, ${SALE_DAY_FACTS_EXPRESSION});
  `,
  tables: {},
} as const satisfies Migration;
