import type { AppCore } from '../src/main/core/app-core';
import { createDispatcher } from '../src/main/core/ipc/dispatch';

/** A bench's caller of the core: every call through the real dispatcher and staff guard, as the renderer's would go. */
export function coreCaller(core: AppCore): <T>(channel: string, request: unknown) => Promise<T> {
  const dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
  return async <T>(channel: string, request: unknown): Promise<T> => {
    const result = await dispatch(channel, request, { url: 'app://counter/index.html' });
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
}
