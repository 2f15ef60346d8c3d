declare module 'pino-roll' {
  import type { Writable } from 'node:stream';

  /** The rotating destination: a SonicBoom stream (pino-roll 4 ships no types of its own). */
  export interface RollingDestination extends Writable {
    readonly file: string;
    flush(callback?: (error?: Error | null) => void): void;
    flushSync(): void;
    end(): this;
  }

  export interface RollOptions {
    file: string;
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    mkdir?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    dateFormat?: string;
    sync?: boolean;
  }

  export default function build(options: RollOptions): Promise<RollingDestination>;
}
