import { z } from 'zod';

/**
 * Who made a print, a sale or an order, and who approved it where the maker's role needed a manager: the
 * signed-in session's people at the time of the call, filled by main (never taken from a renderer's payload).
 */
export const MadeBy = z.object({
  personId: z.string().min(1).max(64),
  personName: z.string().max(120),
  approvedById: z.string().min(1).max(64).nullable(),
  approvedByName: z.string().max(120).nullable(),
});
export type MadeBy = z.infer<typeof MadeBy>;
