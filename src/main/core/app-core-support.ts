import type { Clock } from '../../shared/clock';
import type { Environment } from '../../shared/ipc/channels/app';
import type { AppCoreOptions } from './app-core-types';
import { createBacklogArea, type BacklogArea } from './backlog/backlog-area';
import { DEFAULT_STALE_AFTER_MS } from './backlog/rule';
import { createDiagnosticsHandlers } from './diagnostics/handlers';
import type { EventHub } from './ipc/events';
import type { ChannelHandlers } from './ipc/dispatch';
import type { LogArea } from './log/log-area';
import type { Logger } from './ports';
import { createCounterActivity } from './updates/activity';
import { createUpdateService, type UpdateService } from './updates/update-service';

type SupportHandlers = Pick<ChannelHandlers, 'diagnostics.preview' | 'diagnostics.build' | 'updates.status' | 'ui.dialogs' | 'backlog.list' | 'backlog.decide'>;

/** What support needs from the core: the diagnostics bundle and the update service, wired over the other areas' channels. */
export function createSupportAreas(
  options: AppCoreOptions,
  parts: {
    clock: Clock;
    logger: Logger;
    logArea: LogArea;
    events: EventHub;
    environment(): Environment;
    settings(): unknown;
    handlers(): ChannelHandlers;
    wake(): void;
  },
): { handlers: SupportHandlers; updates: UpdateService | null; backlog: BacklogArea } {
  const backlog = createBacklogArea({ ...parts, staleAfterMs: options.backlogStaleAfterMs ?? DEFAULT_STALE_AFTER_MS });
  const activity = createCounterActivity(parts.handlers);
  const updates =
    options.updates === undefined || options.dataDirectory === undefined
      ? null
      : createUpdateService({ ...options.updates, version: options.version, dataDirectory: options.dataDirectory, busy: activity.busy, ...parts });
  const diagnostics = createDiagnosticsHandlers({
    ...options,
    ...options.diagnostics,
    ...parts,
    ...parts.logArea,
    store: { 'store.status': (request) => parts.handlers()['store.status'](request) },
  });
  return {
    updates,
    backlog,
    handlers: {
      ...diagnostics,
      ...backlog.handlers,
      'updates.status': () => ({
        configured: updates !== null,
        ...(updates?.state() ?? { phase: 'idle', running: options.version, available: null, waitingFor: [], error: null, refused: null }),
      }),
      'ui.dialogs': ({ open }) => {
        activity.setOpenDialogs(open);
        return { open };
      },
    },
  };
}
