import { z } from 'zod';
import { channel, NoInput } from '../define';
import { AuthorizationPageUrl, ClientId, Environment, LoopbackRedirectUri, PlatformBaseUrl } from './app';

/** Spec 2.2: the access token's type marker; `unknown` for a token of another form. */
export const TokenTypeMarker = z.enum(['APP_USR', 'TEST', 'unknown']);
export type TokenTypeMarker = z.infer<typeof TokenTypeMarker>;

/** What the Settings screen may know about a token. The token itself never leaves main. */
export const TokenInfo = z.object({
  type: TokenTypeMarker,
  userId: z.number().int(),
  /** `client_credentials`: the application itself; `authorization_code`: a user who signed in. */
  grant: z.enum(['client_credentials', 'authorization_code']),
  scopes: z.array(z.string()),
  liveMode: z.boolean(),
  obtainedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** A refresh token is held, so the token renews with no user interaction (spec 2.1 refresh_token). */
  renewable: z.boolean(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;

export const SecretStorageStatus = z.object({
  /** The OS key store works (Keychain, DPAPI, libsecret/kwallet). */
  encryptionAvailable: z.boolean(),
  /** The user accepted storing secrets unencrypted on this computer. */
  plaintextAllowed: z.boolean(),
  /** Where secrets are right now: `session-only` means they are forgotten when Counter closes. */
  mode: z.enum(['encrypted', 'plaintext', 'session-only']),
});
export type SecretStorageStatus = z.infer<typeof SecretStorageStatus>;

export const CredentialsStatus = z.object({
  environment: Environment,
  /**
   * not_configured: production without client ID or secret; idle: ready to get a token on first use;
   * ready: a valid token is held; sign_in_required: a user signed in before and must do so again;
   * error: the last attempt failed (see lastError).
   */
  state: z.enum(['not_configured', 'idle', 'ready', 'sign_in_required', 'error']),
  /** Whose token the core asks for: the application's own (client_credentials) or a signed-in user's. */
  identity: z.enum(['application', 'user']),
  token: TokenInfo.nullable(),
  signInInProgress: z.boolean(),
  production: z.object({
    baseUrl: z.string(),
    clientId: z.string(),
    /** The exact redirect URI a sign-in sends (spec 2.1); the application must have it registered. */
    redirectUri: z.string().optional(),
    hasClientSecret: z.boolean(),
    authorizationUrl: z.string(),
  }),
  secretStorage: SecretStorageStatus,
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type CredentialsStatus = z.infer<typeof CredentialsStatus>;

export const SetProductionRequest = z
  .object({
    /** A new base URL forgets the stored secret and tokens, unless a secret comes with it. */
    baseUrl: PlatformBaseUrl.optional(),
    clientId: ClientId.optional(),
    redirectUri: LoopbackRedirectUri.optional(),
    /** An empty string forgets the stored secret. */
    clientSecret: z.string().trim().max(512).optional(),
    /** Where the user is sent to authorize (docs/decisions.md: `{auth_base}/authorization`). */
    authorizationUrl: AuthorizationPageUrl.optional(),
  })
  .strict();
export type SetProductionRequest = z.infer<typeof SetProductionRequest>;

export const credentialsChannels = {
  'credentials.status': channel(NoInput, CredentialsStatus),
  /** Stores production's base URL, client ID and (encrypted) secret; tokens of the old client are dropped. */
  'credentials.setProduction': channel(SetProductionRequest, CredentialsStatus),
  /** Gets a token now with the current environment's credentials, to test them from Settings. */
  'credentials.verify': channel(NoInput, CredentialsStatus),
  /** Authorization code with PKCE in the system browser; resolves when the user has answered. */
  'credentials.signIn': channel(NoInput, CredentialsStatus),
  'credentials.cancelSignIn': channel(NoInput, CredentialsStatus),
  /** Forgets the current environment's tokens and goes back to the application's own credentials. */
  'credentials.signOut': channel(NoInput, CredentialsStatus),
  /** The user's explicit choice to keep secrets unencrypted where the OS has no key store. */
  'credentials.allowPlaintext': channel(z.object({ allow: z.boolean() }).strict(), CredentialsStatus),
};

/** The sign-in page to open, sent by the browser host (which has no system browser of its own to open) to its tab. */
export const SignInPage = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type SignInPage = z.infer<typeof SignInPage>;

export const credentialsEvents = {
  'credentials.changed': CredentialsStatus,
  'credentials.signInPage': SignInPage,
};
