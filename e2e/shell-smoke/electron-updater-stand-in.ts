import { recorded } from './electron-stand-in';

/** electron-updater's autoUpdater, recorded: the shell's update engine is started against it. */
const autoUpdater = {
  autoDownload: true,
  autoInstallOnAppQuit: true,
  allowPrerelease: false,
  allowDowngrade: false,
  setFeedURL(options: unknown): void {
    recorded.calls.push({ api: 'autoUpdater.setFeedURL', args: [options] });
  },
  async checkForUpdates(): Promise<null> {
    recorded.calls.push({ api: 'autoUpdater.checkForUpdates', args: [] });
    return null;
  },
  async downloadUpdate(): Promise<string[]> {
    recorded.calls.push({ api: 'autoUpdater.downloadUpdate', args: [] });
    return [];
  },
  quitAndInstall(): void {
    recorded.calls.push({ api: 'autoUpdater.quitAndInstall', args: [] });
  },
};

export { autoUpdater };
export default { autoUpdater };
