import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../scripts/electron-binary';
import { screenshot } from './fixtures';

const binary = findElectronBinary();
if (!binary.available) console.log(`[electron spec] skipped: ${binary.reason}; the renderer and core are tested through the browser host instead.`);

test.describe('the packaged Electron app', () => {
  test.skip(!binary.available, `Skipped: ${binary.available ? '' : binary.reason}. The same renderer and core are covered through the browser host.`);

  test('opens one locked-down window on the counter, against the embedded sandbox', async () => {
    if (!binary.available) return;
    const app = await electron.launch({ executablePath: binary.path, args: ['.', '--no-sandbox'] });
    try {
      const window = await app.firstWindow();
      await expect(window.getByRole('heading', { level: 1 })).toHaveText('Compose and print');
      await expect(window.getByTestId('status-environment')).toHaveText('Platform: Sandbox');
      await expect(window.getByTestId('status-connection')).toHaveText('Connection: Online');
      // The renderer gets the contract bridge and nothing of Node or Electron.
      const exposed = await window.evaluate(() => ({
        bridge: Object.keys((window as unknown as { counter: object }).counter).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      expect(exposed).toEqual({ bridge: ['invoke', 'on'], require: 'undefined', process: 'undefined' });
      await screenshot(window, 'electron-counter');
    } finally {
      await app.close();
    }
  });
});
