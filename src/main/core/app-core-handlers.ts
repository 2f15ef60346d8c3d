import type { Clock } from '../../shared/clock';
import type { Environment, Language } from '../../shared/ipc/channels/app';
import type { AppCoreOptions } from './app-core-types';
import { createAppHandlers } from './app/handlers';
import type { Checkout } from './checkout/checkout';
import { createCredentialsHandlers } from './credentials/handlers';
import type { PlatformAccess } from './credentials/platform-access';
import { createDiagnosticsHandlers } from './diagnostics/handlers';
import type { ChannelHandlers } from './ipc/dispatch';
import type { EventHub } from './ipc/events';
import type { LogArea } from './log/log-area';
import { createManagerHandlers } from './manager/handlers';
import { createPrintHandlers } from './print-queue/handlers';
import type { createPrintsArea } from './print-queue/prints-area';
import type { SalesArea } from './sales/sales-area';
import type { SettingsRepository } from './settings/store';
import type { StaffArea } from './staff/staff-area';
import type { StoreArea } from './store/store-area';
import { createTemplateHandlers } from './templates/handlers';
import { createTerminalHandlers, type TerminalDirectory } from './terminals/terminals';

/** The areas the composition root built, as the channels' handlers need them. */
export interface CoreAreas {
  clock: Clock;
  language(): Language;
  environment(): Environment;
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
  salesHandlers: SalesArea['handlers'];
  logArea: LogArea;
  staffHandlers: StaffArea['handlers'];
}

/** Every channel's handler, each from its area: the one place that says which area answers which channel. */
export function collectHandlers(options: AppCoreOptions, areas: CoreAreas): ChannelHandlers {
  const { clock, language, environment, settings, events, credentials, storeDatabase, terminals, prints, logArea } = areas;
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
    ...createManagerHandlers({ queue: prints.current, terminals: terminals.list, events, clock, language }),
    ...areas.checkout.handlers,
    ...areas.salesHandlers,
    ...storeDatabase.handlers,
    ...logArea.handlers,
    ...areas.staffHandlers,
    ...createDiagnosticsHandlers({
      ...options,
      ...options.diagnostics,
      clock,
      environment,
      settings: settings.get,
      ...logArea,
      store: storeDatabase.handlers,
    }),
  };
}
