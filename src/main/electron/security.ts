import { app, session, shell, type BrowserWindow } from 'electron';
import { isVettedExternalUrl } from '../core/security/external-links';

/**
 * Electron's security checklist for our one window: nothing navigates away, no new windows, no
 * permissions; vetted external links open in the system browser instead.
 */
export function hardenWindow(window: BrowserWindow, isAppUrl: (url: string) => boolean): void {
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (isVettedExternalUrl(url)) void shell.openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isVettedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function denyAllPermissions(): void {
  const defaultSession = session.defaultSession;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
}

export function enforceSingleInstance(onSecondInstance: () => void): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', onSecondInstance);
  return true;
}
