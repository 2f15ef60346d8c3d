import { extname, isAbsolute, relative, resolve } from 'node:path';

/**
 * The desktop renderer is served from `app://counter/…`, not `file://` (docs/decisions.md, App): under
 * file:// the CSP's 'self' matches every local file, and any file:// page would pass as ours. The
 * scheme is registered privileged (standard, secure) and answers only files inside the renderer folder.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'counter';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type AppFile = { ok: true; filePath: string } | { ok: false; status: 400 | 404; reason: string };

/**
 * The file an `app://counter/…` request names inside `rendererRoot` (an absolute folder). Refused:
 * another scheme or host (404), a malformed percent-encoding or a NUL (400), and anything whose path
 * leaves the folder, whether by `..`, an encoded slash or backslash, or an absolute path (404).
 */
export function resolveAppFile(rendererRoot: string, requestUrl: string): AppFile {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' };
  }
  // Chromium lower-cases a standard scheme's host; Node's URL does not for a scheme it does not know.
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return { ok: false, status: 404, reason: 'not the renderer' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0')) return { ok: false, status: 400, reason: 'NUL in the path' };
  const wanted = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  // An encoded separator would survive URL normalisation and then act as one on disk.
  if (wanted.includes('\\') || wanted.split('/').includes('..')) return { ok: false, status: 404, reason: 'outside the renderer' };
  const filePath = resolve(rendererRoot, wanted);
  const inside = relative(rendererRoot, filePath);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return { ok: false, status: 404, reason: 'outside the renderer' };
  return { ok: true, filePath };
}

/**
 * The page the window loads: electron-vite's dev server only in development (a packaged app must not
 * be pointed elsewhere by an environment variable), otherwise the built renderer over app://.
 */
export function rendererEntryUrl(options: { isPackaged: boolean; devServerUrl: string | undefined }): string {
  if (options.isPackaged || options.devServerUrl === undefined || options.devServerUrl === '') return APP_ENTRY_URL;
  return options.devServerUrl;
}
