import { join } from 'node:path';
import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { CounterLog } from '../log/counter-log';
import type { PlatformCall } from '../log/platform-calls';
import { collectDiagnostics, zipDiagnostics, type DiagnosticsSources } from './collect';

export type DiagnosticsHandlers = Pick<ChannelHandlers, 'diagnostics.preview' | 'diagnostics.build'>;

export interface DiagnosticsDependencies {
  version: string;
  shell: string;
  clock: Clock;
  counterId?: string;
  crashDumpDirectory?: string;
  dataDirectory?: string;
  log?: CounterLog;
  settings(): unknown;
  environment(): Environment;
  recentCalls(): PlatformCall[];
  store: Pick<ChannelHandlers, 'store.status'>;
}

/** Help → Save diagnostics: the list first (what the person will send), then the zip itself. */
export function createDiagnosticsHandlers(dependencies: DiagnosticsDependencies): DiagnosticsHandlers {
  const { dataDirectory } = dependencies;
  const sources: DiagnosticsSources = {
    counterId: dependencies.counterId ?? 'unknown',
    version: dependencies.version,
    shell: dependencies.shell,
    now: () => dependencies.clock.now(),
    settings: dependencies.settings,
    historyFile: () => (dataDirectory === undefined ? null : join(dataDirectory, `history-${dependencies.environment()}.sqlite`)),
    storeStatus: async () => dependencies.store['store.status']({}),
    recentCalls: dependencies.recentCalls,
    logFiles: () => dependencies.log?.files() ?? [],
    ...(dependencies.crashDumpDirectory === undefined ? {} : { crashDumpDirectory: dependencies.crashDumpDirectory }),
  };
  return {
    'diagnostics.preview': async () => {
      await dependencies.log?.flush();
      const { fileName, entries } = await collectDiagnostics(sources);
      return { fileName, entries };
    },
    'diagnostics.build': async () => {
      await dependencies.log?.flush();
      const { fileName, entries, files } = await collectDiagnostics(sources);
      return { fileName, entries, zipBase64: Buffer.from(zipDiagnostics(files)).toString('base64') };
    },
  };
}
