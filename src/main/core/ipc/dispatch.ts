import { type z } from 'zod';
import { channels, isChannelName, type ChannelName, type ChannelResponse, type ParsedRequest } from '../../../shared/ipc/contract';
import { CONTRACT_FAILURES } from '../../../shared/i18n/failures';
import { textOf } from '../../../shared/i18n/text';
import type { Language } from '../../../shared/ipc/channels/app';
import { ContractErrorCode, type IpcFailure, type IpcResult } from '../../../shared/ipc/define';
import { CounterError } from '../errors';
import { APPROVAL_FIELD } from '../../../shared/ipc/channels/staff';
import { payloadViolation, VIOLATION_TEXT } from './payload-limits';

export type ChannelHandlers = {
  [C in ChannelName]: (request: ParsedRequest<C>) => Promise<ChannelResponse<C>> | ChannelResponse<C>;
};

/** Who sent a call: the URL of the frame (Electron) or the page origin (browser host). */
export interface CallSender {
  url: string;
}

/**
 * A failure whose message is already written, whatever the language: the template channels' refusals,
 * which name the template the cashier typed. Everything else raises a CounterError of its own kind.
 */
export class HandlerFailure extends CounterError {
  constructor(readonly failure: IpcFailure) {
    super({ code: failure.code, status: failure.status, retryable: failure.retryable ?? false, message: failure.message });
    this.name = 'HandlerFailure';
  }

  override cashierMessage(): string {
    return this.failure.message;
  }
}

/** Who a call is made by, and who approved it: what the guard hands back to `settle` for the audit trail. */
export interface Admission {
  readonly channel: ChannelName;
  readonly request: unknown;
  /** Opaque to the dispatcher: the guard's own record of who is calling. */
  readonly by?: unknown;
}

/**
 * Who may make which call, and the record of what was done (core/staff/guard.ts). `before` runs ahead of
 * the request's schema (nothing about a forbidden call is even parsed), `admit` after it (the cases that
 * depend on the request, and a manager's approval), `settle` once the handler answered.
 */
export interface CallGuard {
  before(channel: ChannelName, carriesApproval: boolean): Promise<void>;
  admit(channel: ChannelName, request: unknown, approval: string | undefined): Promise<Admission>;
  settle(admission: Admission, response: unknown): void;
  /** Runs the handler as the admitted caller, so what it makes records who made it (and who approved it). */
  within?<T>(admission: Admission, work: () => T): T;
}

/** A guard that lets every call through and records nothing: for tests of the contract's plumbing only. */
export const OPEN_GUARD: CallGuard = {
  before: async () => undefined,
  admit: async (channel, request) => ({ channel, request }),
  settle: () => undefined,
};

export interface DispatcherOptions {
  handlers: ChannelHandlers;
  isTrustedSender(sender: CallSender): boolean;
  /** The cashier's language, read per call: a CounterError reaches the renderer with its message in it. */
  language(): Language;
  /** Who may make which call (the staff's permission table), and the audit trail of what they did. */
  guard: CallGuard;
  onUnexpectedError?(channel: string, error: unknown): void;
}

export type Dispatch = (channel: unknown, payload: unknown, sender: CallSender) => Promise<IpcResult<unknown>>;

/** A manager's approval rides in the request's reserved field; the channel's schema never sees it. */
function withoutApproval(payload: unknown): { payload: unknown; approval: string | undefined } {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !Object.hasOwn(payload, APPROVAL_FIELD))
    return { payload, approval: undefined };
  const { [APPROVAL_FIELD]: approval, ...rest } = payload as Record<string, unknown>;
  return { payload: rest, approval: typeof approval === 'string' ? approval : '' };
}

function issuesOf(error: z.ZodError): NonNullable<IpcFailure['issues']> {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

/**
 * Binds the contract to its handlers, transport-free: Electron's ipcMain and the browser host both call
 * this. Sender, channel and request are checked before any handler runs, and nothing a caller sends can
 * throw out of here: every outcome is an IpcResult.
 */
export function createDispatcher(options: DispatcherOptions): Dispatch {
  const text = (key: keyof typeof CONTRACT_FAILURES, params: Readonly<Record<string, string>> = {}): string =>
    textOf(CONTRACT_FAILURES, key, options.language(), params);
  return async (channelName, payload, sender) => {
    if (!options.isTrustedSender(sender)) {
      return { ok: false, error: { code: ContractErrorCode.forbiddenSender, message: text('forbidden_sender', { page: sender.url || text('unknown_page') }) } };
    }
    if (!isChannelName(channelName)) {
      return {
        ok: false,
        error: { code: ContractErrorCode.unknownChannel, message: text('unknown_channel', { channel: JSON.stringify(String(channelName)).slice(0, 80) }) },
      };
    }
    const spec = channels[channelName];
    const violation = payloadViolation(payload);
    if (violation !== undefined) {
      const issues = [{ path: violation.path, message: VIOLATION_TEXT[violation.kind] }];
      return { ok: false, error: { code: ContractErrorCode.invalidRequest, message: text('invalid_request', { channel: channelName }), issues } };
    }
    const { payload: request, approval } = withoutApproval(payload);
    const failed = (error: unknown): IpcResult<unknown> => {
      // The one place typed failures become the renderer's: code, status, retryable, the cashier's message.
      if (error instanceof CounterError) return { ok: false, error: error.toFailure(options.language()) };
      options.onUnexpectedError?.(channelName, error);
      return { ok: false, error: { code: ContractErrorCode.internal, message: text('internal_error') } };
    };
    try {
      // Who may call is checked before the request is even parsed: a forbidden call learns nothing more.
      await options.guard.before(channelName, approval !== undefined);
    } catch (error) {
      return failed(error);
    }
    const parsed = spec.request.safeParse(request ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: ContractErrorCode.invalidRequest, message: text('invalid_request', { channel: channelName }), issues: issuesOf(parsed.error) },
      };
    }
    try {
      const admission = await options.guard.admit(channelName, parsed.data, approval);
      const handler = options.handlers[channelName] as (request: unknown) => unknown;
      const run = (): unknown => handler(parsed.data);
      const value: unknown = await (options.guard.within === undefined ? run() : options.guard.within(admission, run));
      // Parsing the answer too keeps main honest about the contract, and strips anything not in it (a token, say).
      const response = spec.response.parse(value);
      options.guard.settle(admission, response);
      return { ok: true, value: response };
    } catch (error) {
      return failed(error);
    }
  };
}
