/**
 * Time as a port. The sandbox and the app core read time and schedule work only through a Clock,
 * so tests move time forward instead of sleeping (DESIGN: "Time is injected").
 */
export interface TimerHandle {
  readonly id: number;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export function createSystemClock(): Clock {
  let nextId = 1;
  const live = new Map<number, ReturnType<typeof globalThis.setTimeout>>();
  return {
    now: () => Date.now(),
    setTimeout(callback, delayMs) {
      const id = nextId++;
      const timer = globalThis.setTimeout(
        () => {
          live.delete(id);
          callback();
        },
        Math.max(0, delayMs),
      );
      // A pending sandbox timer (an IPN retry 15 minutes out) must not keep a CLI or test process alive.
      (timer as { unref?: () => void }).unref?.();
      live.set(id, timer);
      return { id };
    },
    clearTimeout(handle) {
      const timer = live.get(handle.id);
      if (timer !== undefined) globalThis.clearTimeout(timer);
      live.delete(handle.id);
    },
  };
}

/**
 * The system clock as if it were `offsetMs` later: its timers run in real time. For a test that reopens
 * Counter "a day later" (the embedded sandbox and the core share it), never for the app itself.
 */
export function createOffsetClock(offsetMs: number): Clock {
  const system = createSystemClock();
  return { ...system, now: () => Date.now() + offsetMs };
}

export interface ManualClock extends Clock {
  /** Moves time forward, firing every timer that falls due, in due order (timers scheduled by timers included). */
  advance(ms: number): Promise<void>;
  set(epochMs: number): void;
  pendingTimers(): number;
}

export function createManualClock(startEpochMs = Date.UTC(2026, 0, 15, 12, 0, 0)): ManualClock {
  let current = startEpochMs;
  let nextId = 1;
  const timers = new Map<number, { due: number; callback: () => void }>();
  const flushMicrotasks = async (): Promise<void> => {
    // Lets promise chains started by a fired timer run before the next one fires, as real time would.
    const nextTurn =
      (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate ?? ((callback: () => void) => globalThis.setTimeout(callback, 0));
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => void nextTurn(resolve));
  };
  return {
    now: () => current,
    setTimeout(callback, delayMs) {
      const id = nextId++;
      timers.set(id, { due: current + Math.max(0, delayMs), callback });
      return { id };
    },
    clearTimeout(handle) {
      timers.delete(handle.id);
    },
    async advance(ms) {
      const target = current + ms;
      for (;;) {
        let nextId: number | undefined;
        let nextDue = Infinity;
        for (const [id, timer] of timers) {
          if (timer.due <= target && (timer.due < nextDue || (timer.due === nextDue && id < (nextId ?? Infinity)))) {
            nextDue = timer.due;
            nextId = id;
          }
        }
        if (nextId === undefined) break;
        const timer = timers.get(nextId);
        timers.delete(nextId);
        current = Math.max(current, nextDue);
        timer?.callback();
        await flushMicrotasks();
      }
      current = target;
      await flushMicrotasks();
    },
    set(epochMs) {
      current = epochMs;
    },
    pendingTimers: () => timers.size,
  };
}
