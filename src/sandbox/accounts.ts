import { z } from 'zod';
import { Scope } from '../shared/platform/oauth';
import { OperatingMode } from '../shared/platform/terminals';

export { OperatingMode };

/**
 * Seeded accounts: who exists on this sandbox platform. Deterministic, so tests and docs can name
 * them (docs/sandbox/index.md lists them). `--seed FILE` replaces them with a file of this shape.
 */
export const SeedApplication = z.object({
  client_id: z.string().regex(/^\d+$/),
  client_secret: z.string().min(16),
  name: z.string(),
  owner_user_id: z.number().int(),
  /**
   * Exact match, except that the port of a loopback http URI is ignored (RFC 8252 §7.3), so
   * `http://127.0.0.1/callback` admits `http://127.0.0.1:53682/callback`.
   */
  redirect_uris: z.array(z.url()),
  /** docs/decisions.md: PKCE is optional per application; when on, the authorization URL must carry a challenge. */
  pkce_required: z.boolean(),
  /** Scopes the application may ask for; a request outside them is unauthorized_client. */
  scopes: z.array(Scope),
});
export type SeedApplication = z.infer<typeof SeedApplication>;

export const SeedUser = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  email: z.email(),
  site_id: z.string().default('MLA'),
});
export type SeedUser = z.infer<typeof SeedUser>;

export const SeedTerminal = z.object({
  id: z.string().regex(/^[A-Z0-9_]+__[A-Z0-9]+$/, 'terminal ids have the form MODEL__SERIAL'),
  user_id: z.number().int(),
  pos_id: z.number().int(),
  store_id: z.string(),
  external_pos_id: z.string(),
  operating_mode: OperatingMode,
  name: z.string(),
});
export type SeedTerminal = z.infer<typeof SeedTerminal>;

export const SeedData = z
  .object({
    applications: z.array(SeedApplication).min(1),
    users: z.array(SeedUser).min(1),
    terminals: z.array(SeedTerminal),
  })
  .superRefine((seed, context) => {
    // Ids are how every route finds an account: a duplicate would make one of them unreachable.
    const duplicates = (values: (string | number)[]): (string | number)[] => values.filter((value, index) => values.indexOf(value) !== index);
    for (const id of duplicates(seed.applications.map((application) => application.client_id))) {
      context.addIssue({ code: 'custom', path: ['applications'], message: `client_id ${id} appears twice` });
    }
    for (const id of duplicates(seed.users.map((user) => user.user_id)))
      context.addIssue({ code: 'custom', path: ['users'], message: `user_id ${id} appears twice` });
    for (const id of duplicates(seed.terminals.map((terminal) => terminal.id)))
      context.addIssue({ code: 'custom', path: ['terminals'], message: `terminal ${id} appears twice` });
    const users = new Set(seed.users.map((user) => user.user_id));
    seed.applications.forEach((application, index) => {
      if (!users.has(application.owner_user_id))
        context.addIssue({ code: 'custom', path: ['applications', index, 'owner_user_id'], message: `owner ${application.owner_user_id} is not a user` });
    });
    seed.terminals.forEach((terminal, index) => {
      if (!users.has(terminal.user_id))
        context.addIssue({ code: 'custom', path: ['terminals', index, 'user_id'], message: `user ${terminal.user_id} is not a user` });
    });
  });
export type SeedData = z.infer<typeof SeedData>;

export const DEFAULT_SEED: SeedData = {
  applications: [
    {
      client_id: '4815162342',
      client_secret: 'SBX-counter-secret-7d1f0c2a9b',
      name: 'Counter (sandbox)',
      owner_user_id: 1001,
      redirect_uris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
      pkce_required: false,
      scopes: ['offline_access', 'write', 'read'],
    },
    {
      client_id: '1618033988',
      client_secret: 'SBX-pkce-app-secret-44e9a1c3',
      name: 'Kiosk (sandbox, PKCE required)',
      owner_user_id: 2002,
      redirect_uris: ['http://127.0.0.1/callback'],
      pkce_required: true,
      scopes: ['offline_access', 'write', 'read'],
    },
    {
      // A web integration with a fixed https callback and read-only rights: asking for more is unauthorized_client (7.1).
      client_id: '2718281828',
      client_secret: 'SBX-reports-secret-5b0e77d2',
      name: 'Reports (sandbox, read only)',
      owner_user_id: 3003,
      redirect_uris: ['https://reports.sandbox.test/oauth/callback'],
      pkce_required: false,
      scopes: ['read'],
    },
  ],
  users: [
    { user_id: 1001, nickname: 'TIENDA_CENTRO', email: 'centro@sandbox.test', site_id: 'MLA' },
    { user_id: 2002, nickname: 'KIOSCO_NORTE', email: 'norte@sandbox.test', site_id: 'MLA' },
    { user_id: 3003, nickname: 'REPORTES_SUR', email: 'sur@sandbox.test', site_id: 'MLA' },
  ],
  terminals: [
    { id: 'NEWLAND_N950__SBX0000001', user_id: 1001, pos_id: 101, store_id: '5001', external_pos_id: 'CAJA01', operating_mode: 'PDV', name: 'Caja 1' },
    { id: 'NEWLAND_N950__SBX0000002', user_id: 1001, pos_id: 102, store_id: '5001', external_pos_id: 'CAJA02', operating_mode: 'PDV', name: 'Caja 2' },
    { id: 'PAX_A910__SBX0000003', user_id: 1001, pos_id: 103, store_id: '5001', external_pos_id: 'CAJA03', operating_mode: 'PDV', name: 'Caja 3' },
    { id: 'PAX_A910__SBX0000004', user_id: 1001, pos_id: 104, store_id: '5001', external_pos_id: 'MOSTRADOR', operating_mode: 'STANDALONE', name: 'Mostrador' },
    { id: 'NEWLAND_N950__SBX0000009', user_id: 2002, pos_id: 201, store_id: '6001', external_pos_id: 'KIOSCO01', operating_mode: 'PDV', name: 'Kiosco' },
  ],
};

/** The currency of each site, for amounts in an account's own money. */
const SITE_CURRENCIES: Readonly<Record<string, string>> = { MLA: 'ARS', MLB: 'BRL', MLM: 'MXN', MLC: 'CLP', MCO: 'COP', MPE: 'PEN', MLU: 'UYU' };

/** The account's site (MLA for a user the seed does not have). */
export function siteOf(seed: SeedData, userId: number): string {
  return seed.users.find((user) => user.user_id === userId)?.site_id ?? 'MLA';
}

/** The currency of the account's site (ARS for a site without one). */
export function currencyOf(seed: SeedData, userId: number): string {
  return SITE_CURRENCIES[siteOf(seed, userId)] ?? 'ARS';
}

/** The account's nickname, as merchant orders and the checkout page show the seller. */
export function nicknameOf(seed: SeedData, userId: number): string {
  return seed.users.find((user) => user.user_id === userId)?.nickname ?? String(userId);
}
