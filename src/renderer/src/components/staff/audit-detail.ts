import { AUDIT_DETAIL_KEYS, type AuditDetailKey } from '../../../../shared/staff/audit-details';

export interface AuditDetailField {
  key: AuditDetailKey;
  value: string;
}

const isKey = (key: string): key is AuditDetailKey => (AUDIT_DETAIL_KEYS as readonly string[]).includes(key);

/**
 * The pairs of a detail, in order; null when it is not made of them (a free sentence, a permission's name),
 * which the screen then shows as it was recorded. A value runs to the next known key, so a name with spaces
 * ("name=Ana María role=cashier") stays whole.
 */
export function parseAuditDetail(detail: string): AuditDetailField[] | null {
  const starts = [...detail.matchAll(/(?:^| )([A-Za-z]+)=/g)].filter((match) => isKey(match[1] ?? ''));
  if (starts.length === 0 || starts[0]?.index !== 0) return null;
  return starts.map((match, position) => {
    const next = starts[position + 1];
    return { key: match[1] as AuditDetailKey, value: detail.slice(match.index + match[0].length, next === undefined ? detail.length : next.index) };
  });
}
