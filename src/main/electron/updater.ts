import electronUpdater from 'electron-updater';
import type { ReleaseInfo, UpdateChannel } from '../core/updates/feed';
import { channelName } from '../core/updates/feed';
import type { UpdateEngine } from '../core/updates/update-service';

/**
 * electron-updater as the update policy's engine: a generic feed the owner set, the channel's file, the
 * installer's SHA-512 (and, on Windows, its publisher signature) checked by electron-updater itself.
 * It never downloads or installs on its own; the policy decides when.
 */
export function createElectronUpdateEngine(feed: { url: string; channel: UpdateChannel }): UpdateEngine {
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.allowPrerelease = feed.channel === 'beta';
  autoUpdater.setFeedURL({ provider: 'generic', url: feed.url, channel: channelName(feed.channel) });
  const newer = async (): Promise<ReleaseInfo | null> => {
    const result = await autoUpdater.checkForUpdates();
    if (result === null || !result.isUpdateAvailable) return null;
    const info = result.updateInfo;
    return { version: info.version, path: info.path, sha512: info.sha512, releaseDate: info.releaseDate };
  };
  return {
    check: newer,
    async download() {
      await autoUpdater.downloadUpdate();
    },
    install() {
      autoUpdater.quitAndInstall(true, true);
    },
    async rollback(version) {
      // The replaced version's own channel file (`{version}.yml`), kept beside latest.yml by the release script.
      autoUpdater.allowDowngrade = true;
      autoUpdater.setFeedURL({ provider: 'generic', url: feed.url, channel: version });
      if ((await newer()) === null) throw new Error(`the update feed has no installer of ${version} to go back to`);
      await autoUpdater.downloadUpdate();
      autoUpdater.quitAndInstall(true, true);
    },
  };
}
