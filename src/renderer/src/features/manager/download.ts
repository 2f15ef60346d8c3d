export { downloadText } from '../../lib/download';

/** `counter-prints-20260115-1204.csv`, in the manager's local time. */
export function exportFileName(now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `counter-prints-${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.csv`;
}
