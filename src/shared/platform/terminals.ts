import { z } from 'zod';

/**
 * `GET /terminals/v1/list` (not in the spec; docs/decisions.md "Terminals list", from the public
 * documentation): the caller's terminals, paged.
 */

/** docs/decisions.md: prints need PDV; STANDALONE terminals take payments by themselves. */
export const OperatingMode = z.enum(['PDV', 'STANDALONE']);
export type OperatingMode = z.infer<typeof OperatingMode>;

const Count = z
  .string({ error: 'must be given once, as a whole number' })
  .regex(/^\d{1,9}$/, { error: 'must be a whole number' })
  .transform(Number);

/** limit 1..50 (default 50), offset ≥ 0 (default 0). Given once each; other query parameters are ignored. */
export const TerminalsListQuery = z.object({
  limit: Count.pipe(z.number().min(1, { error: 'must be at least 1' }).max(50, { error: 'must be at most 50' })).default(50),
  offset: Count.default(0),
});
export type TerminalsListQuery = z.infer<typeof TerminalsListQuery>;

export const TerminalSummary = z.object({
  /** `MODEL__SERIAL`, e.g. NEWLAND_N950__SBX0000001. */
  id: z.string(),
  pos_id: z.number().int(),
  store_id: z.string(),
  external_pos_id: z.string(),
  operating_mode: OperatingMode,
});
export type TerminalSummary = z.infer<typeof TerminalSummary>;

export const TerminalsListResponse = z.object({
  data: z.object({ terminals: z.array(TerminalSummary) }),
  paging: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export type TerminalsListResponse = z.infer<typeof TerminalsListResponse>;
