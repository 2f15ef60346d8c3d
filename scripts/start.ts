import { spawn, spawnSync } from 'node:child_process';
import { findElectronBinary } from './electron-binary';

/**
 * `npm start`: build, then open the Electron window. Where the Electron binary cannot be had, say so
 * plainly and run the same app in the browser host instead, so a fresh machine still gets a counter.
 */
const build = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const electron = findElectronBinary({ tryDownload: true });
const child = electron.available
  ? spawn(electron.path, ['.'], { stdio: 'inherit' })
  : (() => {
      console.log(`\nThe Electron window cannot open on this machine: ${electron.reason}.`);
      console.log('Starting the browser host instead: the same app, served on loopback. Open the address below in a browser.\n');
      return spawn(process.execPath, ['--import', 'tsx', 'src/main/host/cli.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
    })();

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
