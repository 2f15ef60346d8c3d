import { type z } from 'zod';
import { channels, isChannelName, type ChannelName, type ChannelResponse, type ParsedRequest } from '../../../shared/ipc/contract';
import { CONTRACT_FAILURES } from '../../../shared/i18n/failures';
import { textOf } from '../../../shared/i18n/text';
import type { Language } from '../../../shared/ipc/channels/app';
import { ContractErrorCode, type IpcFailure, type IpcResult } from '../../../shared/ipc/define';
import { CounterError } from '../errors';
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

export interface DispatcherOptions {
  handlers: ChannelHandlers;
  isTrustedSender(sender: CallSender): boolean;
  /** The cashier's language, read per call: a CounterError reaches the renderer with its message in it. */
  language(): Language;
  onUnexpectedError?(channel: string, error: unknown): void;
}

export type Dispatch = (channel: unknown, payload: unknown, sender: CallSender) => Promise<IpcResult<unknown>>;

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
    const parsed = spec.request.safeParse(payload ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: ContractErrorCode.invalidRequest, message: text('invalid_request', { channel: channelName }), issues: issuesOf(parsed.error) },
      };
    }
    try {
      const handler = options.handlers[channelName] as (request: unknown) => unknown;
      const value: unknown = await handler(parsed.data);
      // Parsing the answer too keeps main honest about the contract, and strips anything not in it (a token, say).
      return { ok: true, value: spec.response.parse(value) };
    } catch (error) {
      // The one place typed failures become the renderer's: code, status, retryable, the cashier's message.
      if (error instanceof CounterError) return { ok: false, error: error.toFailure(options.language()) };
      options.onUnexpectedError?.(channelName, error);
      return { ok: false, error: { code: ContractErrorCode.internal, message: text('internal_error') } };
    }
  };
}
