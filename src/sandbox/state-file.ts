import { open, readFile, rename, rm } from 'node:fs/promises';
import { z } from 'zod';
import type { SandboxSnapshot } from './app';

/**
 * `--state FILE`: the sandbox's memory on disk, so a restart continues where the last run stopped.
 * Written atomically (temporary file, fsync, rename) so a crash mid-write leaves the previous state,
 * never half a file.
 */

export const StateFile = z.record(z.string(), z.unknown());

/** The saved snapshot, `undefined` if there is no file yet; throws with a readable reason if the file is unusable. */
export async function readStateFile(file: string): Promise<SandboxSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`state file ${file} is not valid JSON`);
  }
  const parsed = StateFile.safeParse(json);
  if (!parsed.success) throw new Error(`state file ${file} is not a JSON object of module states`);
  return parsed.data;
}

let sequence = 0;

export async function writeStateFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${++sequence}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Saves after changes (debounced) and on a slow interval (catches changes made by timers, e.g. IPN
 * retries), skipping writes when nothing changed. Saves never overlap.
 */
export class StateSaver {
  private lastWritten: string | undefined;
  private chain: Promise<void> = Promise.resolve();
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => SandboxSnapshot,
    private readonly onError: (error: unknown) => void,
    private readonly options: { debounceMs: number; intervalMs: number } = { debounceMs: 250, intervalMs: 5000 },
  ) {}

  start(): void {
    this.interval = setInterval(() => void this.save(), this.options.intervalMs);
    this.interval.unref();
  }

  /** Something changed: save soon, once, however many changes arrive meanwhile. */
  schedule(): void {
    if (this.debounce !== undefined) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.save();
    }, this.options.debounceMs);
    this.debounce.unref();
  }

  save(): Promise<void> {
    this.chain = this.chain.then(() => this.write()).catch((error: unknown) => this.onError(error));
    return this.chain;
  }

  /** Without indentation: the file is for the sandbox to read back, and indentation only multiplies deep nesting. */
  private async write(): Promise<void> {
    const text = `${JSON.stringify(this.snapshot())}\n`;
    if (text === this.lastWritten) return;
    await writeStateFileAtomically(this.file, text);
    this.lastWritten = text;
  }

  /** Final save; no timers left behind. Rejects with the reason when it fails, so the CLI can exit non-zero. */
  async stop(): Promise<void> {
    if (this.interval !== undefined) clearInterval(this.interval);
    if (this.debounce !== undefined) clearTimeout(this.debounce);
    this.interval = undefined;
    this.debounce = undefined;
    await this.chain;
    this.chain = this.write();
    await this.chain;
  }
}
