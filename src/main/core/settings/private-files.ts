import { chmodSync, existsSync, mkdirSync } from 'node:fs';

/**
 * The settings file holds the client secret and tokens when the user allowed plaintext storage (and
 * their encrypted form otherwise): readable by its owner only, in a folder only its owner can list
 * (docs/decisions.md, Production set-up). conf's default (0666 less the umask) leaves it world-readable.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Creates the folder owner-only, and narrows one that already exists (an older version made it 0755). */
export function makePrivateFolder(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(directory, PRIVATE_FOLDER_MODE);
}

/** Narrows a file written before this rule; new writes get the mode from the store itself. */
export function makePrivateFile(filePath: string): void {
  if (existsSync(filePath)) chmodSync(filePath, PRIVATE_FILE_MODE);
}
