import type { Clock } from '../../shared/clock';
import type { Language } from '../../shared/ipc/channels/app';
import type { createSupportAreas } from './app-core-support';
import type { AppCoreOptions } from './app-core-types';
import { createAppHandlers } from './app/handlers';
import type { Checkout } from './checkout/checkout';
import { createCredentialsHandlers } from './credentials/handlers';
import type { PlatformAccess } from './credentials/platform-access';
import type { ChannelHandlers } from './ipc/dispatch';
import type { EventHub } from './ipc/events';
import type { LogArea } from './log/log-area';
import { createManagerHandlers } from './manager/handlers';
import { createPrintHandlers } from './print-queue/handlers';
import type { createPrintsArea } from './print-queue/prints-area';
import type { SalesArea } from './sales/sales-area';
import type { SettingsRepository } from './settings/store';
import type { createDayArea } from './day/day-area';
import type { createStaffArea } from './staff/staff-area';
import type { StoreArea } from './store/store-area';
import { createSetupHandlers } from './setup/test-print';
import { createTemplateHandlers } from './templates/handlers';
import { createTerminalHandlers, type TerminalDirectory } from './terminals/terminals';

/** The areas the composition root built, as the channels' handlers need them. */
export interface CoreAreas {
  clock: Clock;
  language(): Language;
  settings: SettingsRepository;
  events: EventHub;
  connection: PlatformAccess['connection'];
  credentials: PlatformAccess['credentials'];
  baseUrl: PlatformAccess['baseUrl'];
  switchQueue(): void;
  storeDatabase: StoreArea;
  terminals: TerminalDirectory;
  prints: ReturnType<typeof createPrintsArea>;
  checkout: Checkout;
  logArea: LogArea;
  /**
   * The handlers of the areas that make their own: terminal sales, support (diagnostics, updates, the
   * backlog, the renderer's open dialogs), staff and the day.
   */
  areaHandlers: SalesArea['handlers'] &
    ReturnType<typeof createSupportAreas>['handlers'] &
    ReturnType<typeof createStaffArea>['handlers'] &
    ReturnType<typeof createDayArea>['handlers'];
}

/** Every channel's handler, each from its area: the one place that says which area answers which channel. */
export function collectHandlers(options: AppCoreOptions, areas: CoreAreas): ChannelHandlers {
  const { clock, language, settings, events, credentials, storeDatabase, terminals, prints, logArea } = areas;
  return {
    ...createAppHandlers({
      settings,
      events,
      connection: areas.connection,
      credentials,
      environmentChanged: areas.switchQueue,
      storeDatabaseChanged: () => storeDatabase.service.reconfigure(),
      checkSettings: (patch) => storeDatabase.checkSettings(patch),
      platformBaseUrl: areas.baseUrl,
      sandboxBaseUrl: options.sandboxBaseUrl,
      version: options.version,
      shell: options.shell,
    }),
    ...createTemplateHandlers(options.settingsStore, { language }),
    ...createCredentialsHandlers({ credentials, settings, events }),
    ...createTerminalHandlers(terminals),
    ...createPrintHandlers(prints.current),
    ...createSetupHandlers({ settings, events, clock, queue: prints.current }),
    ...createManagerHandlers({ queue: prints.current, terminals: terminals.list, events, clock, language }),
    ...areas.checkout.handlers,
    ...storeDatabase.handlers,
    ...logArea.handlers,
    ...areas.areaHandlers,
  };
}
