import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type ElectronBinary = { available: true; path: string } | { available: false; reason: string };

const ELECTRON_PACKAGE = resolve('node_modules', 'electron');

/**
 * Finds the Electron executable without `require('electron')`, which would start a download and
 * throw where the release server cannot be reached (as on our build machines).
 */
export function findElectronBinary(options: { tryDownload?: boolean } = {}): ElectronBinary {
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const pathFile = join(ELECTRON_PACKAGE, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : process.platform === 'win32' ? 'electron.exe' : 'electron';
  const candidate = override !== undefined ? join(override, relative) : join(ELECTRON_PACKAGE, 'dist', relative);
  if (existsSync(candidate)) return { available: true, path: candidate };
  if (options.tryDownload === true && override === undefined && existsSync(join(ELECTRON_PACKAGE, 'install.js'))) {
    const download = spawnSync(process.execPath, [join(ELECTRON_PACKAGE, 'install.js')], { stdio: 'pipe', timeout: 120_000, encoding: 'utf8' });
    const retry = findElectronBinary();
    if (retry.available) return retry;
    // The installer prints a stack; its first non-frame line is the reason a person can act on.
    const why =
      `${download.stderr ?? ''}\n${download.stdout ?? ''}`
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line !== '' && !line.startsWith('at ')) ?? '';
    return { available: false, reason: `the Electron ${electronVersion()} binary could not be downloaded${why ? ` (${why})` : ''}` };
  }
  return { available: false, reason: `the Electron ${electronVersion()} binary is not installed at ${candidate}` };
}

function electronVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(ELECTRON_PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '(unknown version)';
  }
}
