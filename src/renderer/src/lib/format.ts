import { formatDecimal } from './numbers';

/** Bytes as a cashier reads them: "812 KB", "1.2 MB" (1 MB = 1024 × 1024 bytes, as the platform counts). */
export function formatBytes(bytes: number, language: string): string {
  const format = (value: number, digits: number) => formatDecimal(value, language === 'es' ? 'es' : 'en', digits);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 2)} MB`;
}
