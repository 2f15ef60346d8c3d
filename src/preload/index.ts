import { contextBridge, ipcRenderer } from 'electron';
import { IPC_EVENT_CHANNEL, isChannelName, isEventName, type CounterBridge } from '../shared/ipc/contract';
import { ContractErrorCode } from '../shared/ipc/define';

/**
 * Exposes exactly the contract's channels and events as `window.counter`. The renderer never gets
 * ipcRenderer itself, and listeners never receive the Electron event (which would leak `sender`).
 */
const bridge: CounterBridge = {
  invoke(channel, request) {
    if (!isChannelName(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: ContractErrorCode.unknownChannel, message: `This window asked Counter for something it does not have. Reload the window.` },
      });
    }
    return ipcRenderer.invoke(channel, request);
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`There is no event named ${String(event)}.`);
    const relay = (_event: Electron.IpcRendererEvent, name: unknown, payload: unknown): void => {
      if (name === event) (listener as (payload: unknown) => void)(payload);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay);
    };
  },
};

contextBridge.exposeInMainWorld('counter', bridge);
