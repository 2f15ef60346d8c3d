import { events, type EventName, type EventPayload } from '../../../shared/ipc/contract';

export type EventListener = (name: EventName, payload: unknown) => void;

export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  subscribe(listener: EventListener): () => void;
}

/** Fans main's events out to every attached transport (Electron windows, browser-host SSE streams). */
export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      // Validated here, so a transport never pushes a payload the renderer's types do not describe.
      const checked = events[name].parse(payload);
      for (const listener of listeners) {
        try {
          listener(name, checked);
        } catch {
          // One broken transport (a closed window, a dropped stream) must not starve the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
