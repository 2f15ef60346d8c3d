import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePostgres } from '../src/main/core/store/testing/ensure-postgres';

/**
 * `npm test`: the whole suite, as CI runs it on a fresh Debian machine. It installs the system
 * packages the tests need (Debian's Chromium and PostgreSQL), then type-checks, lints, runs the unit tests,
 * builds the bundles, and runs the Playwright specs. It ends with one "N passed, N failed" line.
 */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'counter-test-'));

function run(label: string, command: string, args: string[], options: SpawnSyncOptions = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s ===`);
  return result.status === 0;
}

function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [command = 'apt-get', ...rest] = [...prefix, 'apt-get'];
  return (
    run('install Debian Chromium for the browser tests', command, [...rest, 'update', '-qq'], { env }) &&
    run(
      'install Debian Chromium for the browser tests',
      command,
      [...rest, 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
      { env },
    ) &&
    existsSync(CHROMIUM)
  );
}

const bin = (name: string): string => join('node_modules', '.bin', name);
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const steps: Array<[string, () => boolean]> = [
  ['type-check', () => run('type-check', 'npm', ['run', '--silent', 'typecheck'])],
  ['lint', () => run('lint', 'npm', ['run', '--silent', 'lint'])],
  // The store database tests run a real PostgreSQL server in a temporary folder (never a mock).
  ['store database server', () => ensurePostgres() || (console.error('PostgreSQL is missing and could not be installed.'), false)],
  ['unit tests', () => run('unit tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`])],
  ['build', () => run('build', bin('electron-vite'), ['build'])],
  ['browser', () => ensureChromium() || (console.error(`Chromium is missing at ${CHROMIUM} and could not be installed.`), false)],
  [
    'e2e',
    () =>
      run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      }),
  ],
];

const failedSteps: string[] = [];
for (const [name, step] of steps) {
  if (!step()) {
    failedSteps.push(name);
    // Later steps depend on earlier ones (the e2e run needs the build), so stop at the first failure.
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync(playwrightReport)) {
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}
if (failedSteps.length > 0) console.error(`\nFailed step: ${failedSteps.join(', ')}`);
if (failedSteps.length > 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length === 0 ? 0 : 1);
