import type { Clock } from '../../shared/clock';
import type { Environment } from '../../shared/ipc/channels/app';
import type { AppCoreOptions } from './app-core-types';
import { createDiagnosticsHandlers } from './diagnostics/handlers';
import type { ChannelHandlers } from './ipc/dispatch';
import type { LogArea } from './log/log-area';
import type { Logger } from './ports';
import { createCounterActivity } from './updates/activity';
import { createUpdateService, type UpdateService } from './updates/update-service';

type SupportHandlers = Pick<ChannelHandlers, 'diagnostics.preview' | 'diagnostics.build' | 'updates.status' | 'ui.dialogs'>;

/** What support needs from the core: the diagnostics bundle and the update service, wired over the other areas' channels. */
export function createSupportAreas(
  options: AppCoreOptions,
  parts: { clock: Clock; logger: Logger; logArea: LogArea; environment(): Environment; settings(): unknown; handlers(): ChannelHandlers },
): { handlers: SupportHandlers; updates: UpdateService | null } {
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
    handlers: {
      ...diagnostics,
      'updates.status': () => ({
        configured: updates !== null,
        ...(updates?.state() ?? { phase: 'idle', running: options.version, available: null, waitingFor: [], error: null }),
      }),
      'ui.dialogs': ({ open }) => {
        activity.setOpenDialogs(open);
        return { open };
      },
    },
  };
}
