/**
 * The top-level request fields the audit trail keeps, as `key=value` pairs: never content, a PIN, a
 * password or a customer's data. Main's staff guard writes them; the manager's screen reads them back to
 * write each in words.
 */
export const AUDIT_DETAIL_KEYS = [
  'terminalId',
  'subtype',
  'amount',
  'olderThanDays',
  'role',
  'name',
  'seconds',
  'kind',
  'environment',
  'language',
  'reason',
  'number',
  'countedCashCents',
  'key',
] as const;
export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];
