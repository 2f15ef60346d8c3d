import { z } from 'zod';
import { channel } from '../define';

/** One line the renderer asks main to write to the log: short, flat, and scrubbed again by main. */
export const RendererLogLine = z
  .object({
    level: z.enum(['debug', 'info', 'warn', 'error']),
    message: z.string().min(1).max(2_000),
    fields: z.record(z.string().max(64), z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()])).optional(),
  })
  .strict()
  .refine((line) => line.fields === undefined || Object.keys(line.fields).length <= 20, { error: 'at most 20 fields', path: ['fields'] });
export type RendererLogLine = z.infer<typeof RendererLogLine>;

/** Whether the line was written (false: the renderer wrote too much and the line was counted, not written). */
export const LogWriteResult = z.object({ written: z.boolean() });

export const logChannels = {
  'log.write': channel(RendererLogLine, LogWriteResult),
};
