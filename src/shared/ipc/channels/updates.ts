import { z } from 'zod';
import { channel, NoInput } from '../define';

export const UpdateStatus = z.object({
  /** No feed set by the owner: Counter never looks for updates. */
  configured: z.boolean(),
  phase: z.enum(['idle', 'checking', 'downloading', 'downloaded', 'installing', 'failed']),
  running: z.string(),
  available: z.string().nullable(),
  waitingFor: z.array(z.enum(['print', 'sale', 'dialog'])),
  error: z.string().nullable(),
  /** The last version installed here that did not start: gone back from (restored: the older one runs again), never offered again. */
  refused: z.object({ version: z.string(), backTo: z.string(), at: z.number(), restored: z.boolean() }).nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

/** How many dialogs the screen has open: an update never goes in under one. */
export const OpenDialogs = z.strictObject({ open: z.number().int().nonnegative().max(100) });

export const updatesChannels = {
  'updates.status': channel(NoInput, UpdateStatus),
  'ui.dialogs': channel(OpenDialogs, z.object({ open: z.number().int() })),
};
