import type { StartupNotice } from '../../../shared/ipc/channels/app';
import type { ChannelHandlers } from '../ipc/dispatch';

/** The handlers with the shell's startup notices added to every app.info answer, for the renderer to show. */
export function withStartupNotices(handlers: ChannelHandlers, notices: readonly StartupNotice[]): ChannelHandlers {
  if (notices.length === 0) return handlers;
  const info = handlers['app.info'];
  return {
    ...handlers,
    'app.info': async (request) => ({ ...(await info(request)), startupNotices: [...notices] }),
  };
}
