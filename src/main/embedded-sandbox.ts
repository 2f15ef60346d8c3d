import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { createSandbox, type Sandbox, type SandboxSnapshot } from '../sandbox/app';
import type { Clock } from '../shared/clock';
import { readStateFile, StateSaver, writeStateFileAtomically } from '../sandbox/state-file';
import { failureText } from '../shared/i18n/failures';
import type { StartupNotice } from '../shared/ipc/channels/app';

export interface EmbeddedSandbox {
  baseUrl: string;
  /** What happened at start that a person should hear about (a new port, a state file set aside); empty when nothing did. */
  notices: readonly StartupNotice[];
  /**
   * Points the webhook URL of the account Counter acts as at Counter's notification receiver, as a merchant
   * does in the platform's developer panel. Called at every start (the receiver's port may differ); an
   * account URL someone else set is left alone ('kept').
   */
  pointWebhooksAt(receiverUrl: string): Promise<WebhookRegistration>;
  close(): Promise<void>;
}

export type WebhookRegistration = 'registered' | 'kept' | 'no_account';

export interface EmbeddedSandboxOptions {
  /** The app's data folder: the sandbox keeps its state and its port there, so a restart continues the last run. */
  dataDirectory: string;
  /** Where to listen; 127.0.0.1 unless a test says otherwise. */
  host?: string;
  /** The sandbox's clock (the system clock unless a test moves time, sharing its clock with the core). */
  clock?: Clock;
}

export const SANDBOX_STATE_FILE = 'sandbox-state.json';
export const SANDBOX_PORT_FILE = 'sandbox-port.json';
/** The account webhook URL Counter set last, so a restart replaces its own stale URL and nobody else's. */
export const SANDBOX_WEBHOOK_FILE = 'sandbox-webhook.json';

const PortFile = z.object({ port: z.number().int().min(1).max(65_535) });

/** A small file Counter wrote itself; undefined when it is missing, not JSON, or not of this shape. */
async function readOwnFile<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** An unusable state file is set aside (never deleted) and the sandbox starts empty, saying where the old file went. */
async function readStateOrSetAside(file: string, notices: StartupNotice[]): Promise<SandboxSnapshot | undefined> {
  try {
    return await readStateFile(file);
  } catch (error) {
    const aside = `${file}.unreadable-${Date.now()}`;
    await rename(file, aside).catch(() => undefined);
    console.error(`[counter] the sandbox state ${file} could not be read`, error);
    notices.push({ code: 'sandbox_state_unreadable', message: failureText('sandbox_state_unreadable', 'en'), backupPath: aside, fields: [] });
    return undefined;
  }
}

const WebhookFile = z.object({ url: z.string() });
const AccountUrl = z.object({ user_id: z.number().int(), url: z.string().nullable() });
const CONTROL_TIMEOUT_MS = 5_000;

async function controlCall(url: string, init?: RequestInit): Promise<z.infer<typeof AccountUrl>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the sandbox's control API answered ${response.status} to ${url}`);
  return AccountUrl.parse(await response.json());
}

/**
 * Through the control API (`/__sandbox/accounts/{user_id}/notification-url`, docs/decisions.md), for the
 * owner of the sandbox's first application: the account whose credentials Counter's sandbox mode uses
 * (core/app/sandbox-application.ts). Webhooks only: the Orders API sends nothing else, and an IPN twin of
 * each payment event would cost the receiver a second read.
 */
async function registerWebhook(sandbox: Sandbox, baseUrl: string, file: string, receiverUrl: string): Promise<WebhookRegistration> {
  const owner = sandbox.context.seed.applications[0]?.owner_user_id;
  if (owner === undefined) return 'no_account';
  const wanted = new URL(receiverUrl);
  wanted.searchParams.set('source_news', 'webhooks');
  const endpoint = `${baseUrl}/__sandbox/accounts/${owner}/notification-url`;
  const current = (await controlCall(endpoint)).url;
  // Never registered yet (undefined): only an empty account URL is taken.
  const ours = (await readOwnFile(file, WebhookFile))?.url;
  if (current !== null && current !== ours && current !== wanted.href) return 'kept';
  if (current !== wanted.href) {
    await controlCall(endpoint, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: wanted.href }) });
  }
  if (ours !== wanted.href) await writeStateFileAtomically(file, `${JSON.stringify({ url: wanted.href })}\n`);
  return 'registered';
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

/**
 * The platform the app talks to when no production credentials are set: the sandbox, in-process, on
 * loopback. Its state and port live in the data folder (docs/decisions.md "Embedded sandbox"): prints the
 * terminal holds, queued prints and the payment links of pending sales all name this sandbox, so a restart
 * must find the same platform at the same address. The previous port is reused when free, else a new one is
 * picked and a notice says so.
 */
export async function startEmbeddedSandbox(options: EmbeddedSandboxOptions): Promise<EmbeddedSandbox> {
  const stateFile = join(options.dataDirectory, SANDBOX_STATE_FILE);
  const portFile = join(options.dataDirectory, SANDBOX_PORT_FILE);
  const host = options.host ?? '127.0.0.1';
  const notices: StartupNotice[] = [];
  const state = await readStateOrSetAside(stateFile, notices);

  // The saver needs the sandbox and the sandbox reports changes to the saver; requests (and so changes)
  // come only after listen(), when the saver exists.
  const sandbox: Sandbox = await createSandbox({
    ...(state === undefined ? {} : { state }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    onStateMayHaveChanged: () => saver.schedule(),
  });
  const saver = new StateSaver(
    stateFile,
    () => sandbox.snapshot(),
    (error) => console.error(`[counter] could not save the sandbox state to ${stateFile}`, error),
  );

  // No file yet (undefined): a new port is picked and written over it.
  const savedPort = (await readOwnFile(portFile, PortFile))?.port;
  let baseUrl: string;
  try {
    baseUrl = await sandbox.listen({ port: savedPort ?? 0, host });
  } catch (error) {
    if (savedPort === undefined || !isAddressInUse(error)) throw error;
    baseUrl = await sandbox.listen({ port: 0, host });
    // Said to the cashier, not only logged: links and QR codes of earlier sales name the old port and no longer open.
    const values = { oldPort: savedPort, baseUrl };
    notices.push({ code: 'sandbox_port_moved', message: failureText('sandbox_port_moved', 'en', values), values, backupPath: null, fields: [] });
  }
  const port = Number(new URL(baseUrl).port);
  if (port !== savedPort) await writeStateFileAtomically(portFile, `${JSON.stringify({ port })}\n`);
  saver.start();

  return {
    baseUrl,
    notices,
    pointWebhooksAt: (receiverUrl) => registerWebhook(sandbox, baseUrl, join(options.dataDirectory, SANDBOX_WEBHOOK_FILE), receiverUrl),
    async close() {
      await sandbox.close();
      await saver.stop();
    },
  };
}

/**
 * The shells' step once the core exists: when the receiver listens, the embedded sandbox's account webhook
 * names it, so a card tap shows almost at once by webhook instead of up to a second and a half later at
 * the next poll. Never throws: without it polling still follows every sale, so a failure is only logged.
 */
export async function pointSandboxAtReceiver(sandbox: EmbeddedSandbox, receiverUrl: Promise<string | null>): Promise<WebhookRegistration | null> {
  try {
    const url = await receiverUrl;
    if (url === null) return null;
    const result = await sandbox.pointWebhooksAt(url);
    if (result === 'kept')
      console.error(`[counter] the sandbox account's webhook URL was set by someone else and is left as it is; sales are followed by polling`);
    return result;
  } catch (error) {
    console.error('[counter] could not point the sandbox webhook at the notification receiver', error);
    return null;
  }
}
