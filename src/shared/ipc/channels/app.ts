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
  code: z.enum([
    'settings_unreadable',
    'settings_fields_reset',
    'history_salvaged',
    'journal_migrated',
    'sandbox_port_moved',
    'sandbox_state_unreadable',
    'closed_unexpectedly',
    'start_failed_last_time',
  ]),
  /** The notice in the language of the moment it was found; a screen writes it again from `code` and `values` in its own. */
  message: z.string(),
  /** The slots of the code's sentence in the shared catalogue (src/shared/i18n/failures.ts). */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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
  /** The technical detail, for a "details" disclosure only: the screen words the state from `reason`. */
  detail: z.string().nullable(),
  /**
   * Why the light is what it is: nothing answers, two or more endpoints answer errors, access refused, or
   * online with some endpoint failing (`partial`). Optional so an older main's payload still parses.
   */
  reason: z.enum(['none', 'no_answer', 'server_errors', 'access', 'partial']).optional(),
  /** When a real request last worked or the platform last answered: the time "online" was last true. */
  onlineAt: z.string().datetime().nullable().optional(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

/** The store's industry (spec 2.5): which extra fields the checkout form offers. */
export const IndustryChoice = z.enum(INDUSTRIES.map((industry) => industry.id) as [IndustryId, ...IndustryId[]]);

/** Hosts that are this computer: the only ones where plain http is allowed (RFC 8252 §7.3 loopback). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** An https address, or plain http on this computer only (a local platform such as the sandbox). */
function secureUrl(message: string) {
  return z
    .string()
    .trim()
    .refine(
      (text) => {
        const url = parsedUrl(text);
        return (
          url !== undefined &&
          url.username === '' &&
          url.password === '' &&
          (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
        );
      },
      { error: message },
    );
}

/** Where the production platform is (spec 1: every call over https); `javascript:`, `file:` and the rest are refused. */
export const PlatformBaseUrl = secureUrl('The base URL must start with https:// (http:// only for this computer: 127.0.0.1 or localhost).');

/** Where a user is sent to sign in: the same rule as the base URL, since the page asks for the user's password. */
export const AuthorizationPageUrl = secureUrl('The sign-in page address must start with https:// (http:// only for this computer: 127.0.0.1 or localhost).');

/** Spec 2.1: client_id is the application's id, and the platform's ids are numbers. Empty: not set yet. */
export const ClientId = z.string().trim().regex(/^\d*$/, { error: 'The client ID is the application’s number (digits only).' });

/**
 * The redirect URI registered for the application (spec 2.1 redirect_uri, matched exactly, 7.1
 * invalid_grant): http on 127.0.0.1 with a fixed port, where Counter listens during a sign-in
 * (RFC 8252 §7.3, §8.3; docs/decisions.md, Production set-up).
 */
export const LoopbackRedirectUri = z
  .string()
  .trim()
  .refine(
    (text) => {
      const url = parsedUrl(text);
      if (url === undefined || url.protocol !== 'http:' || url.hostname !== '127.0.0.1' || url.port === '') return false;
      return Number(url.port) >= 1024 && url.search === '' && url.hash === '' && url.username === '' && text.startsWith(`http://127.0.0.1:${url.port}/`);
    },
    { error: 'The redirect URI is http://127.0.0.1:PORT/path, with a port from 1024 to 65535 (as registered for the application).' },
  );

/** docs/decisions.md, Production set-up: a fixed port few programs use, shown and changeable in Settings. */
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:53682/callback';

/** TLS modes node-postgres reads from a connection URL (docs/store-database.md, "TLS options in the URL"). */
export const STORE_SSL_MODES = ['disable', 'prefer', 'require', 'no-verify', 'verify-ca', 'verify-full'] as const;

/**
 * Where the store database is: `postgres://user@host:port/database?sslmode=…&sslrootcert=…`. Never with
 * a password: that is kept in the SecretBox (docs/decisions.md, Store database). Empty: not set yet.
 */
export const StoreDatabaseUrl = z
  .string()
  .trim()
  .refine(
    (text) => {
      if (text === '') return true;
      const url = parsedUrl(text);
      if (url === undefined || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '' || url.password !== '') return false;
      const mode = url.searchParams.get('sslmode');
      return mode === null || (STORE_SSL_MODES as readonly string[]).includes(mode);
    },
    { error: 'The store database address is postgres://user@host:port/database (TLS options such as ?sslmode=verify-full after it; the password apart).' },
  );

/** An id or a name the store shows: short, trimmed. */
const StoreLabel = z.string().trim().max(80);

/** The optional store database (docs/store-database.md): off by default; the counter id is made once per install. */
export const StoreDatabaseSettings = z.object({
  enabled: z.boolean(),
  url: StoreDatabaseUrl,
  storeId: StoreLabel,
  storeName: StoreLabel,
  counterId: StoreLabel,
  counterName: StoreLabel,
});
export type StoreDatabaseSettings = z.infer<typeof StoreDatabaseSettings>;

/**
 * The store's own name for a terminal on this computer ("Front till"): kept in the settings, never sent
 * to the platform. The map is keyed by terminal id and bounded, so a hand-edited file cannot grow it.
 */
export const TerminalLocalName = z.string().trim().min(1).max(40);
export const TerminalNames = z
  .record(z.string().min(1).max(100), TerminalLocalName)
  .refine((names) => Object.keys(names).length <= 200, { error: 'At most 200 terminal names are kept.' });
export type TerminalNames = z.infer<typeof TerminalNames>;

/** The set-up guide's test print: which one it was, so the guide shows its outcome again after a restart. */
export const SetupTestPrint = z.object({ environment: Environment, terminalId: z.string().min(1), printId: z.string().min(1) });
export type SetupTestPrint = z.infer<typeof SetupTestPrint>;

export const Settings = z.object({
  language: Language,
  environment: Environment,
  production: z.object({
    baseUrl: PlatformBaseUrl,
    clientId: ClientId,
    redirectUri: LoopbackRedirectUri,
  }),
  selectedTerminalId: z.string().nullable(),
  industry: IndustryChoice,
  storeDatabase: StoreDatabaseSettings,
  terminalNames: TerminalNames,
  setupTestPrint: SetupTestPrint.nullable(),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  environment: 'sandbox',
  production: { baseUrl: 'https://api.mercadopago.com', clientId: '', redirectUri: DEFAULT_REDIRECT_URI },
  selectedTerminalId: null,
  industry: 'retail',
  storeDatabase: { enabled: false, url: '', storeId: '', storeName: '', counterId: '', counterName: '' },
  terminalNames: {},
  setupTestPrint: null,
};

export const SettingsPatch = z
  .object({
    language: Language,
    environment: Environment,
    production: Settings.shape.production.partial(),
    selectedTerminalId: z.string().nullable(),
    industry: IndustryChoice,
    storeDatabase: StoreDatabaseSettings.partial().strict(),
    /** Merged into the kept names; an empty name forgets the terminal's. */
    terminalNames: z.record(z.string().min(1).max(100), z.union([TerminalLocalName, z.literal('')])),
    setupTestPrint: SetupTestPrint.nullable(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/**
 * What settings.update takes: every patch but the counter id, which is fixed when the counter is
 * enrolled (made once per install; docs/store-database.md, "Enrol a counter"), so the cashier's screen
 * or anything else reaching IPC cannot make this counter act as another.
 */
export const SettingsUpdate = SettingsPatch.extend({ storeDatabase: StoreDatabaseSettings.omit({ counterId: true }).partial().strict().optional() })
  // The guide's test print is written by main when it queues the print (setup.testPrint), never by the screen.
  .omit({ setupTestPrint: true });
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

export const appChannels = {
  'app.info': channel(NoInput, AppInfo),
  'connection.status': channel(NoInput, ConnectionState),
  'connection.check': channel(NoInput, ConnectionState),
  'settings.get': channel(NoInput, Settings),
  'settings.update': channel(SettingsUpdate, Settings),
};

export const appEvents = {
  'connection.changed': ConnectionState,
  'settings.changed': Settings,
};
