import { z } from 'zod';
import { Environment } from '../../../shared/ipc/channels/app';
import { silentLogger, type Logger } from '../ports';
import { secretOrigin } from '../security/secret-origin';
import type { KeyValueStore } from '../settings/store';
import type { SecretBox } from './secret-box';

export const TokenGrant = z.enum(['client_credentials', 'authorization_code']);
export type TokenGrant = z.infer<typeof TokenGrant>;

/** A token as the core keeps it. Never crosses the IPC contract: the status channel shows metadata only. */
export const TokenRecord = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  /** How the token was first obtained; a refresh keeps it (a refreshed user token is still the user's). */
  grant: TokenGrant,
  clientId: z.string(),
  userId: z.number().int(),
  scopes: z.array(z.string()),
  liveMode: z.boolean(),
  obtainedAt: z.number(),
  expiresAt: z.number(),
});
export type TokenRecord = z.infer<typeof TokenRecord>;

/** How a secret sits on disk: opened by the OS key store, or as text because the user allowed it. */
const Sealed = z.discriminatedUnion('scheme', [
  z.object({ scheme: z.literal('os'), data: z.string() }),
  z.object({ scheme: z.literal('plaintext'), data: z.string() }),
]);
type Sealed = z.infer<typeof Sealed>;

const StoredToken = TokenRecord.omit({ accessToken: true, refreshToken: true }).extend({ accessToken: Sealed, refreshToken: Sealed.nullable() });

export type SecretStorageMode = 'encrypted' | 'plaintext' | 'session-only';

export interface EnvironmentSecrets {
  clientSecret?: string;
  token?: TokenRecord;
}

/**
 * Secrets at rest: the production client_secret and each environment's tokens. Encrypted through the
 * SecretBox when it can; otherwise held for this session only, unless the user allowed plaintext
 * storage in Settings. Never silently downgraded. One store key per secret, so a secret that cannot be
 * opened today (a locked key store) is left on disk untouched rather than wiped by an unrelated write.
 */
export interface SecretVault {
  mode(): SecretStorageMode;
  encryptionAvailable(): boolean;
  plaintextAllowed(): boolean;
  setPlaintextAllowed(allowed: boolean): void;
  read(environment: Environment): EnvironmentSecrets;
  writeClientSecret(environment: Environment, secret: string | undefined): void;
  writeToken(environment: Environment, token: TokenRecord | undefined): void;
  /** Another secret of the app kept the same way (the store database's password). */
  readNamed(name: NamedSecret): string | undefined;
  writeNamed(name: NamedSecret, secret: string | undefined): void;
  /** The secret was forgotten because its address moved to another origin, and none was given since. */
  forgotten(secret: AddressedSecret): boolean;
}

/**
 * Secrets given for one address: each is kept with the origin of the address it was given for
 * (security/secret-origin.ts) and forgotten, on its next read, once the address has another origin.
 */
export type AddressedSecret = 'production.clientSecret' | NamedSecret;
/** Where each addressed secret is sent now (the settings as saved); '' while there is no address yet. */
export type SecretAddresses = Partial<Record<AddressedSecret, () => string>>;

/** Secrets that are not the platform's: one store key each, sealed like the client secret. */
export type NamedSecret = 'storeDatabasePassword';

const KEY_PLAINTEXT_ALLOWED = 'credentials.plaintextAllowed';
const secretKey = (environment: Environment) => `credentials.${environment}.clientSecret`;
const tokenKey = (environment: Environment) => `credentials.${environment}.token`;
const namedKey = (name: NamedSecret) => `secrets.${name}`;
/** Not secret: the origin each secret was given for (it is in the settings anyway). */
const KEY_ORIGINS = 'secrets.origins';
const Origins = z.record(z.string(), z.string());

export function createSecretVault(store: KeyValueStore, box: SecretBox, logger: Logger = silentLogger, addresses: SecretAddresses = {}): SecretVault {
  const session = new Map<Environment, EnvironmentSecrets>();
  const plaintextAllowed = (): boolean => store.get(KEY_PLAINTEXT_ALLOWED) === true;
  const mode = (): SecretStorageMode => (box.isEncryptionAvailable() ? 'encrypted' : plaintextAllowed() ? 'plaintext' : 'session-only');

  const seal = (text: string): Sealed | undefined => {
    const current = mode();
    if (current === 'encrypted') return { scheme: 'os', data: box.encrypt(text) };
    if (current === 'plaintext') return { scheme: 'plaintext', data: text };
    return undefined;
  };
  const { persistNamed, persistSecret, persistToken } = createPersistence(store, seal);
  const open = (sealed: Sealed): string | undefined => {
    if (sealed.scheme === 'plaintext') return sealed.data;
    if (!box.isEncryptionAvailable()) return undefined;
    try {
      return box.decrypt(sealed.data);
    } catch (error) {
      logger.warn('a stored secret could not be decrypted; it will be asked for again', { error: String(error) });
      return undefined;
    }
  };

  function load(environment: Environment): EnvironmentSecrets {
    const secrets: EnvironmentSecrets = {};
    const storedSecret = Sealed.safeParse(store.get(secretKey(environment)));
    if (storedSecret.success) secrets.clientSecret = open(storedSecret.data);
    const storedToken = StoredToken.safeParse(store.get(tokenKey(environment)));
    if (storedToken.success) {
      const accessToken = open(storedToken.data.accessToken);
      const refreshToken = storedToken.data.refreshToken === null ? null : open(storedToken.data.refreshToken);
      if (accessToken !== undefined && refreshToken !== undefined) secrets.token = { ...storedToken.data, accessToken, refreshToken };
    }
    return secrets;
  }

  const current = (environment: Environment): EnvironmentSecrets => {
    let secrets = session.get(environment);
    if (secrets === undefined) {
      secrets = load(environment);
      session.set(environment, secrets);
    }
    return secrets;
  };

  const named = new Map<NamedSecret, string | undefined>();
  const currentNamed = (name: NamedSecret): string | undefined => {
    if (!named.has(name)) {
      const stored = Sealed.safeParse(store.get(namedKey(name)));
      named.set(name, stored.success ? open(stored.data) : undefined);
    }
    return named.get(name);
  };

  const origins = createOriginBinding({
    store,
    addresses,
    logger,
    holds: (secret) => (secret === 'production.clientSecret' ? current('production').clientSecret : currentNamed(secret)) !== undefined,
    forget(secret) {
      if (secret === 'production.clientSecret') {
        current('production').clientSecret = undefined;
        persistSecret('production', undefined);
      } else {
        named.set(secret, undefined);
        persistNamed(secret, undefined);
      }
    },
  });
  const followAddress = origins.follow;
  const given = origins.given;

  return {
    mode,
    encryptionAvailable: () => box.isEncryptionAvailable(),
    plaintextAllowed,
    setPlaintextAllowed(allowed) {
      if (allowed === plaintextAllowed()) return;
      const snapshot = Environment.options.map((environment) => [environment, current(environment)] as const);
      const password = currentNamed('storeDatabasePassword');
      store.set(KEY_PLAINTEXT_ALLOWED, allowed);
      // Re-store under the new mode: allowing writes this session's secrets out, withdrawing erases plaintext copies.
      if (box.isEncryptionAvailable()) return;
      for (const [environment, secrets] of snapshot) {
        persistSecret(environment, secrets.clientSecret);
        persistToken(environment, secrets.token);
      }
      persistNamed('storeDatabasePassword', password);
    },
    read: (environment) => {
      if (environment === 'production') followAddress('production.clientSecret');
      return { ...current(environment) };
    },
    writeClientSecret(environment, secret) {
      current(environment).clientSecret = secret;
      persistSecret(environment, secret);
      if (environment === 'production') given('production.clientSecret', secret);
    },
    writeToken(environment, token) {
      current(environment).token = token;
      persistToken(environment, token);
    },
    readNamed(name) {
      followAddress(name);
      return currentNamed(name);
    },
    writeNamed(name, secret) {
      named.set(name, secret);
      persistNamed(name, secret);
      given(name, secret);
    },
    forgotten: (secret) => {
      followAddress(secret);
      return origins.forgotten(secret);
    },
  };
}

/**
 * The one rule for secrets given for an address: the origin each was given for is kept beside it, and
 * a secret is forgotten on its first read after its address names another origin.
 */
function createOriginBinding(options: {
  store: KeyValueStore;
  addresses: SecretAddresses;
  logger: Logger;
  holds(secret: AddressedSecret): boolean;
  forget(secret: AddressedSecret): void;
}) {
  const { store, addresses, logger } = options;
  let origins: Record<string, string> | undefined;
  const originsNow = (): Record<string, string> => (origins ??= Origins.safeParse(store.get(KEY_ORIGINS)).data ?? {});
  function bindOrigin(secret: AddressedSecret, origin: string | undefined): void {
    const next = { ...originsNow() };
    if (origin === undefined) delete next[secret];
    else next[secret] = origin;
    origins = next;
    store.set(KEY_ORIGINS, next);
  }
  const forgottenNow = new Set<AddressedSecret>();
  const originOf = (secret: AddressedSecret): string | undefined => {
    const address = addresses[secret]?.().trim();
    // No address yet: the secret belongs to the first address it will be sent to.
    return address === undefined || address === '' ? undefined : secretOrigin(address);
  };
  return {
    forgotten: (secret: AddressedSecret): boolean => forgottenNow.has(secret),
    /** A secret given now belongs to the address's origin now. */
    given(secret: AddressedSecret, value: string | undefined): void {
      forgottenNow.delete(secret);
      bindOrigin(secret, value === undefined ? undefined : originOf(secret));
    },
    /** A secret is never read for an origin other than the one it was given for. */
    follow(secret: AddressedSecret): void {
      const origin = originOf(secret);
      if (origin === undefined) return;
      const bound = originsNow()[secret];
      if (bound === origin) return;
      const had = options.holds(secret);
      // Kept by an earlier version (or while there was no address): it belongs to the address it has now.
      if (bound === undefined) {
        if (had) bindOrigin(secret, origin);
        return;
      }
      options.forget(secret);
      bindOrigin(secret, undefined);
      if (!had) return;
      forgottenNow.add(secret);
      logger.warn('a stored secret was forgotten: its address now names another server', { secret });
    },
  };
}

type Seal = (text: string) => Sealed | undefined;

/** Writes each kind of secret under its own key, sealed as the mode allows; unsealable means removed from disk. */
function createPersistence(store: KeyValueStore, seal: Seal) {
  function persistNamed(name: NamedSecret, secret: string | undefined): void {
    const sealed = secret === undefined ? undefined : seal(secret);
    if (sealed === undefined) store.delete(namedKey(name));
    else store.set(namedKey(name), sealed);
  }
  function persistSecret(environment: Environment, secret: string | undefined): void {
    const sealed = secret === undefined ? undefined : seal(secret);
    // Session-only: whatever an earlier plaintext choice left on disk goes, the new value stays in memory.
    if (sealed === undefined) store.delete(secretKey(environment));
    else store.set(secretKey(environment), sealed);
  }
  function persistToken(environment: Environment, token: TokenRecord | undefined): void {
    const accessToken = token === undefined ? undefined : seal(token.accessToken);
    const refreshToken = token === undefined || token.refreshToken === null ? null : seal(token.refreshToken);
    if (token === undefined || accessToken === undefined || refreshToken === undefined) {
      store.delete(tokenKey(environment));
      return;
    }
    store.set(tokenKey(environment), { ...token, accessToken, refreshToken } satisfies z.input<typeof StoredToken>);
  }
  return { persistNamed, persistSecret, persistToken };
}
