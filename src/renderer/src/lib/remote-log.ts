import type { RendererLogLine } from '../../../shared/ipc/channels/log';
import { getBridge } from '../api/bridge';

/** A line for main's log file; main scrubs it again and limits how many it takes. Never throws. */
export function remoteLog(level: RendererLogLine['level'], message: string, fields?: RendererLogLine['fields']): void {
  const bridge = getBridge();
  if (bridge === null) return;
  void bridge.invoke('log.write', { level, message: message.slice(0, 2_000), ...(fields === undefined ? {} : { fields }) }).catch(() => undefined);
}

/** Uncaught errors and rejections of the screens go to the log file, where support can read them. */
export function installRemoteLog(): void {
  window.addEventListener('error', (event) => {
    remoteLog('error', `uncaught: ${event.message}`, { source: String(event.filename).slice(0, 300), line: event.lineno });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    remoteLog('error', `unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`.slice(0, 2_000));
  });
}
