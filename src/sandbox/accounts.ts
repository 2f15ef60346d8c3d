import { z } from 'zod';

/** Seeded accounts: who exists on this sandbox platform. Deterministic, so tests and docs can name them. */
export const SeedApplication = z.object({
  client_id: z.string().regex(/^\d+$/),
  client_secret: z.string().min(16),
  name: z.string(),
  owner_user_id: z.number().int(),
  redirect_uris: z.array(z.string().url()),
  pkce_required: z.boolean(),
  /** Scopes the application may ask for; a request outside them is unauthorized_client. */
  scopes: z.array(z.enum(['offline_access', 'write', 'read'])),
});
export type SeedApplication = z.infer<typeof SeedApplication>;

export const SeedUser = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  email: z.string().email(),
  site_id: z.string().default('MLA'),
});
export type SeedUser = z.infer<typeof SeedUser>;

export const OperatingMode = z.enum(['PDV', 'STANDALONE']);

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

export const SeedData = z.object({
  applications: z.array(SeedApplication).min(1),
  users: z.array(SeedUser).min(1),
  terminals: z.array(SeedTerminal),
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
  ],
  users: [
    { user_id: 1001, nickname: 'TIENDA_CENTRO', email: 'centro@sandbox.test', site_id: 'MLA' },
    { user_id: 2002, nickname: 'KIOSCO_NORTE', email: 'norte@sandbox.test', site_id: 'MLA' },
  ],
  terminals: [
    { id: 'NEWLAND_N950__SBX0000001', user_id: 1001, pos_id: 101, store_id: '5001', external_pos_id: 'CAJA01', operating_mode: 'PDV', name: 'Caja 1' },
    { id: 'NEWLAND_N950__SBX0000002', user_id: 1001, pos_id: 102, store_id: '5001', external_pos_id: 'CAJA02', operating_mode: 'PDV', name: 'Caja 2' },
    { id: 'PAX_A910__SBX0000003', user_id: 1001, pos_id: 103, store_id: '5001', external_pos_id: 'CAJA03', operating_mode: 'PDV', name: 'Caja 3' },
    { id: 'PAX_A910__SBX0000004', user_id: 1001, pos_id: 104, store_id: '5001', external_pos_id: 'MOSTRADOR', operating_mode: 'STANDALONE', name: 'Mostrador' },
    { id: 'NEWLAND_N950__SBX0000009', user_id: 2002, pos_id: 201, store_id: '6001', external_pos_id: 'KIOSCO01', operating_mode: 'PDV', name: 'Kiosco' },
  ],
};
