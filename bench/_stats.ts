/** Statistics every benchmark reports with; the leading underscore keeps `npm run bench` from running this file. */

/** The sample `share` of the way through the sorted samples (nearest rank); NaN when there are none. */
export function quantile(samples: readonly number[], share: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** The middle sample, or the mean of the two middle ones for an even count; NaN when there are none. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Median and 95th percentile (nearest rank) and mean of a set of timings. */
export function summarize(samples: readonly number[]): { median: number; p95: number; mean: number } {
  return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95), mean: samples.reduce((sum, value) => sum + value, 0) / samples.length };
}
