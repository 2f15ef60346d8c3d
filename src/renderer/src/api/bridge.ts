import {
  isEventName,
  type ChannelName,
  type ChannelRequest,
  type ChannelResponse,
  type CounterBridge,
  type EventName,
  type EventPayload,
} from '../../../shared/ipc/contract';
import { z } from 'zod';
import type { Language } from '../../../shared/ipc/channels/app';
import { failureText } from '../../../shared/i18n/failures';
import { ipcResultSchema, type IpcFailure, type IpcResult } from '../../../shared/ipc/define';
import { APPROVAL_FIELD } from '../../../shared/ipc/channels/staff';
import { approvalRequester } from './approval-requester';

// Kept in step with src/main/host/server.ts; the renderer cannot import Node code.
const TOKEN_PARAM = 'counter-token';
const TOKEN_STORAGE_KEY = 'counter-host-token';
const INVOKE_PREFIX = '/__counter/invoke/';
const EVENTS_PATH = '/__counter/events';

/** The language of the screen, set by the LanguageProvider: the bridge's own failures are written in it. */
let language: Language = 'en';

export function setBridgeLanguage(next: Language): void {
  language = next;
}

/** A failure of the bridge itself (main wrote every other one), with the catalogue's text. */
function bridgeFailure(code: 'transport_error' | 'transport_unexpected' | 'no_bridge'): IpcFailure {
  // transport_unexpected is told apart in the text only; callers see the one transport code.
  return { code: code === 'transport_unexpected' ? 'transport_error' : code, message: failureText(code, language) };
}

// Main has already parsed the value against the channel's response schema; only the envelope is checked here.
const AnyResult = ipcResultSchema(z.unknown());

/**
 * The browser host refuses a token of an earlier run (it draws a new one each start) with 403: this tab
 * belongs to a session that ended, and only a reload (with the new address) makes it work again. The
 * App shows that instead of half-working screens (docs/decisions.md "Sandbox mode across restarts").
 */
let sessionEnded = false;
const sessionEndedListeners = new Set<() => void>();

function endSession(): void {
  if (sessionEnded) return;
  sessionEnded = true;
  for (const listener of sessionEndedListeners) listener();
}

export function isSessionEnded(): boolean {
  return sessionEnded;
}

/** For useSyncExternalStore: called once when the session ends. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Whether the browser host itself answers. Its event stream breaks the moment the host process dies (the
 * socket closes), so the status bar says "Offline" at once instead of keeping the last answer main gave.
 * In Electron the host is main, and the window goes with it.
 */
let hostGone = false;
const hostListeners = new Set<() => void>();

function setHostGone(next: boolean): void {
  if (hostGone === next) return;
  hostGone = next;
  for (const listener of hostListeners) listener();
}

export function isHostGone(): boolean {
  return hostGone;
}

/** For useSyncExternalStore: called whenever the host goes away or comes back. */
export function onHostPresence(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** The browser host's stand-in for the preload: the same CounterBridge over fetch and EventSource. */
function createHttpBridge(token: string): CounterBridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | undefined;
  const ensureStream = (): void => {
    if (source !== undefined) return;
    source = new EventSource(`${EVENTS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`);
    source.onmessage = (message: MessageEvent<string>) => {
      const frame = JSON.parse(message.data) as { name: unknown; payload: unknown };
      if (!isEventName(frame.name)) return;
      for (const listener of listeners.get(frame.name) ?? []) listener(frame.payload);
    };
    // A host that is down makes EventSource retry (CONNECTING); only a refusal (the 403 of a stale token)
    // closes it for good.
    source.onerror = () => {
      if (source?.readyState === EventSource.CLOSED) void confirmSessionEnded();
      else setHostGone(true);
    };
    source.onopen = () => setHostGone(false);
  };
  // A closed stream alone could be a proxy's doing; a call refused for its token is the proof.
  const confirmSessionEnded = async (): Promise<void> => {
    try {
      const response = await fetch(`${INVOKE_PREFIX}app.info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-counter-token': token },
        body: '{}',
      });
      if (response.status === 403) endSession();
    } catch {
      // The host is not answering at all: that is "not reachable", which the calls already say.
    }
  };
  return {
    async invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<IpcResult<ChannelResponse<C>>> {
      try {
        const response = await fetch(`${INVOKE_PREFIX}${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-counter-token': token },
          body: JSON.stringify(request),
        });
        if (response.status === 403) endSession();
        setHostGone(false);
        const parsed = AnyResult.safeParse(await response.json());
        if (!parsed.success) return { ok: false, error: bridgeFailure('transport_unexpected') };
        return parsed.data as IpcResult<ChannelResponse<C>>;
      } catch {
        setHostGone(true);
        return { ok: false, error: bridgeFailure('transport_error') };
      }
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      ensureStream();
      const set = listeners.get(event) ?? new Set();
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      listeners.set(event, set);
      return () => set.delete(untyped);
    },
  };
}

function hostToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl !== null) {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    // Off the address bar, so it is not bookmarked, shared or kept in history.
    url.searchParams.delete(TOKEN_PARAM);
    window.history.replaceState(null, '', url.toString());
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

let bridge: CounterBridge | null | undefined;

/** The preload's bridge in Electron, else the browser host's; null when opened without either. */
export function getBridge(): CounterBridge | null {
  if (bridge !== undefined) return bridge;
  if (window.counter !== undefined) bridge = window.counter;
  else {
    const token = hostToken();
    bridge = token === null ? null : createHttpBridge(token);
  }
  return bridge;
}

/** A failed call, as react-query sees it: the cashier message and the code behind it. */
export class CallError extends Error {
  constructor(readonly failure: IpcFailure) {
    super(failure.message);
    this.name = 'CallError';
  }
}

export async function call<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
  const current = getBridge();
  if (current === null) throw new CallError(bridgeFailure('no_bridge'));
  const result = await current.invoke(channel, request);
  if (!result.ok) return withApproval(current, channel, request, result.error);
  return result.value;
}

/** A call main refused but a manager could allow: asked again, once, with the approval the dialog got (api/staff.ts). */
async function withApproval<C extends ChannelName>(
  bridge: CounterBridge,
  channel: C,
  request: ChannelRequest<C>,
  failure: IpcFailure,
): Promise<ChannelResponse<C>> {
  const needed = failure.code === 'forbidden' ? failure.issues?.find((issue) => issue.path === 'approval') : undefined;
  const ask = approvalRequester();
  if (needed === undefined || ask === undefined || typeof request !== 'object' || request === null) throw new CallError(failure);
  const grant = await ask(channel, request, needed.message);
  if (grant === null) throw new CallError(failure);
  const again = await bridge.invoke(channel, { ...request, [APPROVAL_FIELD]: grant } as ChannelRequest<C>);
  if (!again.ok) throw new CallError(again.error);
  return again.value;
}
