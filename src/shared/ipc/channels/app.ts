import { z } from 'zod';
import { INDUSTRIES, type IndustryId } from '../../platform/industries';
import { channel, NoInput } from '../define';

export const Environment = z.enum(['sandbox', 'production']);
export type Environment = z.infer<typeof Environment>;

export const Language = z.enum(['en', 'es']);
export type Language = z.infer<typeof Language>;

/**
 * Something the cashier must hear about once at start, shown by the shell (a dialog in the desktop app):
 * e.g. a settings file that could not be read was set aside and replaced.
 */
export const StartupNotice = z.object({
  code: z.enum(['settings_unreadable', 'settings_fields_reset']),
  message: z.string(),
  /** Where the file as it was has been kept, so nothing the cashier had is lost. */
  backupPath: z.string().nullable(),
  /** The settings that went back to their defaults. */
  fields: z.array(z.string()),
});
export type StartupNotice = z.infer<typeof StartupNotice>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  environment: Environment,
  /** Where the platform is reached: the embedded sandbox's loopback URL or the production base URL. */
  platformBaseUrl: z.string(),
  /** Set only for the embedded sandbox, so the cashier can open the virtual terminal. */
  sandboxControlUrl: z.string().nullable(),
  /** 'electron' in the desktop window, 'browser-host' when served to a browser over loopback. */
  shell: z.enum(['electron', 'browser-host']),
  /** Problems found while starting (optional: added after the first contract). */
  startupNotices: z.array(StartupNotice).optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const ConnectionState = z.object({
  state: z.enum(['connecting', 'online', 'offline', 'unauthorized']),
  checkedAt: z.string().datetime().nullable(),
  detail: z.string().nullable(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

/** The store's industry (spec 2.5): which extra fields the checkout form offers. */
export const IndustryChoice = z.enum(INDUSTRIES.map((industry) => industry.id) as [IndustryId, ...IndustryId[]]);

export const Settings = z.object({
  language: Language,
  environment: Environment,
  production: z.object({
    baseUrl: z.string().url(),
    clientId: z.string(),
  }),
  selectedTerminalId: z.string().nullable(),
  industry: IndustryChoice,
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  environment: 'sandbox',
  production: { baseUrl: 'https://api.mercadopago.com', clientId: '' },
  selectedTerminalId: null,
  industry: 'retail',
};

export const SettingsPatch = z
  .object({
    language: Language,
    environment: Environment,
    production: Settings.shape.production.partial(),
    selectedTerminalId: z.string().nullable(),
    industry: IndustryChoice,
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const appChannels = {
  'app.info': channel(NoInput, AppInfo),
  'connection.status': channel(NoInput, ConnectionState),
  'connection.check': channel(NoInput, ConnectionState),
  'settings.get': channel(NoInput, Settings),
  'settings.update': channel(SettingsPatch, Settings),
};

export const appEvents = {
  'connection.changed': ConnectionState,
  'settings.changed': Settings,
};
