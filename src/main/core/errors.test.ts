import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../shared/ipc/channels/app';
import { CheckoutError } from './checkout/errors';
import { SignInError } from './credentials/loopback';
import type { CounterError } from './errors';
import { createDispatcher, HandlerFailure, OPEN_GUARD, type ChannelHandlers } from './ipc/dispatch';
import { PlatformError } from './platform/errors';
import { cashierMessage } from './platform/messages';
import { PrintQueueError } from './print-queue/errors';
import { JournalUnavailableError } from './history/errors';

const sender = { url: 'app://counter/index.html' };

/** A dispatcher whose one handler throws what the test gives it, in the language the test sets. */
function throwing() {
  let thrown: unknown;
  let language: Language = 'en';
  const onUnexpectedError = vi.fn();
  // Only settings.get is called; the rest of the contract is not needed to test the mapping.
  const handlers = {
    'settings.get': () => {
      throw thrown;
    },
  } as Partial<ChannelHandlers> as ChannelHandlers;
  const dispatch = createDispatcher({ handlers, isTrustedSender: () => true, language: () => language, guard: OPEN_GUARD, onUnexpectedError });
  return {
    onUnexpectedError,
    async failure(error: unknown, in_: Language) {
      thrown = error;
      language = in_;
      const result = await dispatch('settings.get', {}, sender);
      if (result.ok) throw new Error('expected a failure');
      return result.error;
    },
  };
}

interface Row {
  name: string;
  error: () => CounterError;
  code: string;
  status: number | undefined;
  retryable: boolean;
  /** When the code is not in the shared catalogue (the checkout's own refusals). */
  messages?: Record<Language, string>;
}

const ROWS: Row[] = [
  {
    name: 'a platform refusal (spec 7.3)',
    error: () => new PlatformError({ status: 409, code: 'cannot_cancel_order', retryable: false }),
    code: 'cannot_cancel_order',
    status: 409,
    retryable: false,
  },
  {
    name: 'a platform 429 (spec 7.2)',
    error: () => new PlatformError({ status: 429, code: 'rate_limited' }),
    code: 'rate_limited',
    status: 429,
    retryable: true,
  },
  {
    name: 'no HTTP answer at all',
    error: () => new PlatformError({ status: 0, code: 'network_error', detail: 'ECONNREFUSED' }),
    code: 'network_error',
    status: undefined,
    retryable: true,
  },
  { name: 'an unknown print', error: () => new PrintQueueError('print_not_found', 404), code: 'print_not_found', status: 404, retryable: false },
  {
    name: 'a closed print queue',
    error: () => new PrintQueueError('journal_unavailable', undefined, 'the print queue is closed'),
    code: 'journal_unavailable',
    status: undefined,
    retryable: false,
  },
  {
    name: 'a sign-in refused in the browser',
    error: () => new SignInError('sign_in_denied', 'access_denied'),
    code: 'sign_in_denied',
    status: undefined,
    retryable: false,
  },
  {
    name: 'a sign-in that timed out',
    error: () => new SignInError('sign_in_timeout', 'no redirect within 300000 ms'),
    code: 'sign_in_timeout',
    status: undefined,
    retryable: true,
  },
  {
    name: 'a journal that cannot be written',
    error: () => new JournalUnavailableError(new Error('ENOSPC')),
    code: 'journal_unavailable',
    status: undefined,
    retryable: false,
  },
  {
    name: 'an unknown sale',
    error: () => new CheckoutError('sale_not_found', 404),
    code: 'sale_not_found',
    status: 404,
    retryable: false,
    messages: { en: 'That sale is not in this environment’s recent sales.', es: 'Esa venta no está entre las ventas recientes de este entorno.' },
  },
  {
    name: 'a notification receiver that is not listening',
    error: () => new CheckoutError('receiver_unavailable'),
    code: 'receiver_unavailable',
    status: undefined,
    retryable: true,
    messages: {
      en: 'Counter cannot receive payment notifications right now, so it could not follow the sale. Restart Counter or choose another port for notifications.',
      es: 'Counter no puede recibir notificaciones de pago ahora, así que no podría seguir la venta. Reinicie Counter o elija otro puerto para las notificaciones.',
    },
  },
];

describe('typed failures, mapped once by the dispatcher', () => {
  it.each(ROWS)('answers $name with its code, status, retryability and the cashier’s message in English and Spanish', async (row) => {
    const { failure, onUnexpectedError } = throwing();
    for (const language of ['en', 'es'] as const) {
      const answer = await failure(row.error(), language);
      const expected = row.messages?.[language] ?? cashierMessage(row.code, language);
      expect(answer).toEqual({ code: row.code, retryable: row.retryable, message: expected, ...(row.status === undefined ? {} : { status: row.status }) });
    }
    // Each message exists in both languages, and neither is the detail kept for the logs.
    const english = await failure(row.error(), 'en');
    const spanish = await failure(row.error(), 'es');
    expect(english.message).not.toBe(spanish.message);
    expect(spanish.message).not.toContain(row.error().message);
    expect(onUnexpectedError).not.toHaveBeenCalled();
  });

  it('reads the language at each call, so a change in Settings applies to the next failure', async () => {
    const { failure } = throwing();
    const error = new PrintQueueError('print_not_found', 404);
    expect((await failure(error, 'en')).message).toBe(cashierMessage('print_not_found', 'en'));
    expect((await failure(error, 'es')).message).toBe(cashierMessage('print_not_found', 'es'));
  });

  it('passes a failure written beforehand (a template refusal) as it is', async () => {
    const { failure } = throwing();
    const written = { code: 'template_name_taken', message: 'A template named “Venta” already exists.' };
    expect(await failure(new HandlerFailure(written), 'es')).toEqual({ ...written, retryable: false });
  });

  it('keeps anything else the generic internal failure, reported for the logs and never shown', async () => {
    const { failure, onUnexpectedError } = throwing();
    const bug = new TypeError('cannot read properties of undefined (reading "id")');
    const answer = await failure(bug, 'es');
    expect(answer.code).toBe('internal_error');
    expect(answer.message).not.toContain('undefined');
    expect(onUnexpectedError).toHaveBeenCalledWith('settings.get', bug);
  });
});
