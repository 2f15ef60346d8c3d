import type { PersistentSlice } from './context';

/** Every area's part of the sandbox state by name: saved together by `--state`, loaded back, and cleared by a reset. */
export class Slices {
  private readonly slices = new Map<string, PersistentSlice>();

  register(name: string, slice: PersistentSlice): void {
    this.slices.set(name, slice);
  }

  save(): Record<string, unknown> {
    const snapshot: Record<string, unknown> = {};
    for (const [name, slice] of this.slices) snapshot[name] = slice.save();
    return snapshot;
  }

  /** Loads each saved part into its area, in the order they were saved; a part no area claims is left alone. */
  load(snapshot: Record<string, unknown>): void {
    for (const [name, data] of Object.entries(snapshot)) this.slices.get(name)?.load(data);
  }

  reset(): void {
    for (const slice of this.slices.values()) slice.reset();
  }
}
