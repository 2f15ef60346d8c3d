import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * What the store's owner (or whoever installs Counter for them) sets once per computer, outside the
 * cashier's settings: where updates come from and where crash reports may go. A file, `owner.json` in
 * the data folder, so it can be placed by an installer or by hand; nothing in it is secret.
 */
export const OwnerConfig = z.object({
  updates: z
    .object({
      /** A generic feed (electron-builder's `latest.yml` beside the installers); none: no updates. */
      feedUrl: z
        .url({ protocol: /^https?$/ })
        .nullable()
        .default(null),
      channel: z.enum(['stable', 'beta']).default('stable'),
      /** Install as soon as it is downloaded, even during a shift (the owner's explicit choice). */
      force: z.boolean().default(false),
    })
    .prefault({}),
  crashReports: z
    .object({
      /** Where crash reports are uploaded; none (the default): they stay on this computer. */
      uploadUrl: z
        .url({ protocol: /^https$/ })
        .nullable()
        .default(null),
    })
    .prefault({}),
});
export type OwnerConfig = z.infer<typeof OwnerConfig>;

export const OWNER_FILE = 'owner.json';

/** The owner's file, or the defaults when it is missing or unreadable (and why, for the log). */
export function readOwnerConfig(dataDirectory: string): { config: OwnerConfig; problem: string | null } {
  let raw: unknown = {};
  try {
    raw = JSON.parse(readFileSync(join(dataDirectory, OWNER_FILE), 'utf8'));
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    if (!missing) return { config: OwnerConfig.parse({}), problem: `owner.json unreadable: ${String(error)}` };
  }
  const parsed = OwnerConfig.safeParse(raw);
  if (parsed.success) return { config: parsed.data, problem: null };
  return {
    config: OwnerConfig.parse({}),
    problem: `owner.json ignored: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  };
}
