/**
 * The event loop's delay, and the part of it the process itself spent on its main thread. A timer every
 * `resolutionMs`: how late it fires is the loop's delay as `monitorEventLoopDelay` measures it, which on a
 * shared machine includes the time the thread waited for a core. The main thread's own CPU time over the
 * same interval (`process.threadCpuUsage`) says how much of that lateness was this process's own work:
 * `min(lateness, cpu − resolution)`, never negative. On a quiet machine the two agree.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export interface LoopDelay {
  /** Starts a new interval of measurement. */
  reset(): void;
  /** p99 of the lateness, ms. */
  p99Ms(): number;
  /** p99 of the lateness spent on this thread's CPU, ms. */
  onCpuP99Ms(): number;
  stop(): void;
}

const cpuMs = (): number => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

export function measureLoopDelay(resolutionMs = 10): LoopDelay {
  let wall: RecordableHistogram = createHistogram();
  let onCpu: RecordableHistogram = createHistogram();
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  const timer = setInterval(() => {
    const nowWall = performance.now();
    const nowCpu = cpuMs();
    const late = Math.max(0, nowWall - lastWall - resolutionMs);
    const own = Math.max(0, Math.min(late, nowCpu - lastCpu - resolutionMs));
    // Histograms take integers ≥ 1: microseconds.
    wall.record(Math.max(1, Math.round(late * 1000)));
    onCpu.record(Math.max(1, Math.round(own * 1000)));
    lastWall = nowWall;
    lastCpu = nowCpu;
  }, resolutionMs);
  timer.unref();
  return {
    reset() {
      wall = createHistogram();
      onCpu = createHistogram();
      lastWall = performance.now();
      lastCpu = cpuMs();
    },
    p99Ms: () => wall.percentile(99) / 1000,
    onCpuP99Ms: () => onCpu.percentile(99) / 1000,
    stop: () => clearInterval(timer),
  };
}
