import { ipcMain, type WebContents } from 'electron';
import { channelNames, IPC_EVENT_CHANNEL } from '../../shared/ipc/contract';
import type { Dispatch } from '../core/ipc/dispatch';
import type { EventHub } from '../core/ipc/events';

/** Binds every contract channel to ipcMain.handle; the dispatcher checks sender, channel and request. */
export function bindContract(dispatch: Dispatch): () => void {
  for (const name of channelNames) {
    ipcMain.handle(name, (event, request: unknown) => dispatch(name, request, { url: event.senderFrame?.url ?? '' }));
  }
  return () => {
    for (const name of channelNames) ipcMain.removeHandler(name);
  };
}

export function forwardEvents(events: EventHub, contents: WebContents): () => void {
  return events.subscribe((name, payload) => {
    if (!contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, name, payload);
  });
}
