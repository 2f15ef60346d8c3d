import type { CounterBridge } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** Present in the Electron window (preload); absent in the browser host, where an HTTP bridge stands in. */
    counter?: CounterBridge;
  }
}
export {};
