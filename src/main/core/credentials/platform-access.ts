import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { createConnectionMonitor, type ConnectionMonitor } from '../platform/connection-monitor';
import { sandboxApplicationReader } from './sandbox-application';
import { createCredentialsService, type ApplicationCredentials, type CredentialsService } from './credentials-service';
import { createUnavailableSecretBox, type SecretBox } from './secret-box';
import { createSecretVault, type SecretVault } from './vault';
import type { EventHub } from '../ipc/events';
import type { Http, Logger, RandomSource } from '../ports';
import type { KeyValueStore, SettingsRepository } from '../settings/store';
import { createPlatformClient, type PlatformClient } from '../platform/client';
import { createPlatformTransport, type RequestOutcome, type RetryPolicy, type TokenSource } from '../platform/transport';

export interface PlatformAccessOptions {
  http: Http;
  clock: Clock;
  logger: Logger;
  events: EventHub;
  settings: SettingsRepository;
  settingsStore: KeyValueStore;
  sandboxBaseUrl: string;
  secretBox?: SecretBox;
  sandboxCredentials?: ApplicationCredentials;
  openExternal?: (url: string) => Promise<void>;
  random?: RandomSource;
  retryPolicy?: Partial<RetryPolicy>;
  /** The platform answers again: whatever waits for it is woken. */
  onReachable(): void;
}

export interface PlatformAccess {
  /** The platform of the current environment, authenticated with its tokens. */
  readonly platform: PlatformClient;
  readonly vault: SecretVault;
  readonly credentials: CredentialsService;
  readonly connection: ConnectionMonitor;
  baseUrl(of: Environment): string;
}

/**
 * Who Counter is on the platform and how it reaches it: the client of the current environment (its
 * tokens from the credentials, every outcome feeding the connection light), the sandbox's own client
 * (to read its seeded application), the secret vault and the connection monitor.
 */
export function createPlatformAccess(options: PlatformAccessOptions): PlatformAccess {
  const { http, clock, logger, settings, random, retryPolicy: policy } = options;
  const environment = (): Environment => settings.get().environment;
  const baseUrl = (of: Environment): string => (of === 'sandbox' ? options.sandboxBaseUrl : settings.get().production.baseUrl);
  // The token source is read only per call, once `credentials` below exists (it needs this client for the token endpoint).
  const tokens: TokenSource = { current: () => credentials.tokens.current(), renew: (rejected) => credentials.tokens.renew(rejected) };
  const onOutcome = (outcome: RequestOutcome): void => connection.report(outcome);
  const platform = createPlatformClient(
    createPlatformTransport({ http, clock, baseUrl: () => baseUrl(environment()), tokens, policy, random, logger, onOutcome }),
  );
  const sandbox = createPlatformClient(createPlatformTransport({ http, clock, baseUrl: () => options.sandboxBaseUrl, policy, logger }));
  const vault = createSecretVault(options.settingsStore, options.secretBox ?? createUnavailableSecretBox(), logger, {
    'production.clientSecret': () => settings.get().production.baseUrl,
    storeDatabasePassword: () => settings.get().storeDatabase.url,
  });
  const credentials = createCredentialsService({
    clock,
    settings,
    store: options.settingsStore,
    vault,
    platform,
    sandboxApplication: sandboxApplicationReader(sandbox, options.sandboxCredentials),
    sandboxBaseUrl: options.sandboxBaseUrl,
    openExternal: options.openExternal ?? (async () => Promise.reject(new Error('this shell cannot open a browser'))),
    logger,
  });
  const connection = createConnectionMonitor({
    platform,
    clock,
    events: options.events,
    environment,
    baseUrl,
    confirm: () => platform.terminals.list({ limit: 1 }, { maxAttempts: 1, timeoutMs: 5_000 }),
    // Back online: every waiting print is tried at once, not at its next scheduled retry.
    onReachable: options.onReachable,
  });
  return { platform, vault, credentials, connection, baseUrl };
}
