import { parseCashierAmount } from '../../../../shared/money/amounts';

/** Cents of an optional amount field: null when empty, undefined when not an amount. */
export function optionalCents(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const parsed = parseCashierAmount(text);
  return parsed.ok ? parsed.cents : undefined;
}

/** "2026-11-20 10:05" in the reader's local time. */
export function localTime(iso: string | null): string {
  if (iso === null) return '—';
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
