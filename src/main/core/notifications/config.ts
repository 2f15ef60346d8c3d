import { z } from 'zod';
import type { NotificationReceiverConfig } from './receiver';

/**
 * The receiver's place as the shells take it from the outside (browser host flags, the desktop app's
 * environment): text in, checked here once so both shells refuse the same mistakes the same way.
 */
const ReceiverSettings = z.object({
  host: z.string().min(1).optional(),
  port: z.coerce.number().int().min(0).max(65_535).optional(),
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
});

export function receiverConfigFrom(text: { host?: string | undefined; port?: string | undefined; publicUrl?: string | undefined }): NotificationReceiverConfig {
  const defined = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ReceiverSettings.safeParse(defined);
  if (!parsed.success)
    throw new Error(`notification receiver settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}
