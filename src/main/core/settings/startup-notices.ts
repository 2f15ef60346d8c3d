import type { StartupNotice } from '../../../shared/ipc/channels/app';
import type { ChannelHandlers } from '../ipc/dispatch';

/**
 * The handlers with startup notices added to every app.info answer, for the renderer to show: the
 * shell's (settings) and the core's (history), each wrapper adding its own to the ones already there.
 * `notices` is read at every call, so a notice found later (a history opened lazily) still shows.
 */
export function withStartupNotices(handlers: ChannelHandlers, notices: readonly StartupNotice[]): ChannelHandlers {
  const info = handlers['app.info'];
  return {
    ...handlers,
    'app.info': async (request) => {
      const answer = await info(request);
      const all = [...(answer.startupNotices ?? []), ...notices];
      return all.length === 0 ? answer : { ...answer, startupNotices: all };
    },
  };
}
