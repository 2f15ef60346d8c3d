import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, contentTypeOf, rendererEntryUrl, resolveAppFile } from './app-protocol';

const ROOT = resolve('/opt/Counter/resources/app.asar/out/renderer');

describe('app:// serves the renderer folder and nothing else', () => {
  it.each([
    ['app://counter/', 'index.html'],
    ['app://counter/index.html', 'index.html'],
    ['app://counter/index.html#/queue', 'index.html'],
    ['app://counter/assets/index-abc.js?v=1', join('assets', 'index-abc.js')],
    ['app://counter/assets/a%20b.css', join('assets', 'a b.css')],
    ['app://COUNTER/index.html', 'index.html'],
  ])('%s → %s', (url, file) => {
    expect(resolveAppFile(ROOT, url)).toEqual({ ok: true, filePath: join(ROOT, file) });
  });

  it.each([
    'app://counter/..%2f..%2f..%2fetc%2fpasswd',
    'app://counter/assets/..%2F..%2Fmain%2Findex.js',
    'app://counter/..%5c..%5cmain%5cindex.js',
    'app://counter/assets%5c..%5c..%5cpackage.json',
    'app://other/index.html',
    'file:///etc/passwd',
    'https://counter/index.html',
  ])('refuses %s', (url) => {
    const answer = resolveAppFile(ROOT, url);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.status).toBe(404);
  });

  it.each([
    // The URL parser already folds an encoded dot segment, and leading slashes are the root's own.
    ['app://counter/%2e%2e/main/index.js', join('main', 'index.js')],
    ['app://counter/%2fetc%2fpasswd', join('etc', 'passwd')],
  ])('keeps %s inside the folder (%s)', (url, file) => {
    expect(resolveAppFile(ROOT, url)).toEqual({ ok: true, filePath: join(ROOT, file) });
  });

  it.each(['app://counter/%', 'app://counter/%E0%A4%A', 'app://counter/index.html%00.png', 'not a url'])('answers 400 to %s', (url) => {
    expect(resolveAppFile(ROOT, url)).toMatchObject({ ok: false, status: 400 });
  });

  it('names the content type of what it serves', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/B.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('blob.bin')).toBe('application/octet-stream');
  });
});

describe('which renderer the window loads', () => {
  it('uses the dev server only when the app is not packaged', () => {
    expect(rendererEntryUrl({ isPackaged: false, devServerUrl: 'http://localhost:5173/' })).toBe('http://localhost:5173/');
    expect(rendererEntryUrl({ isPackaged: true, devServerUrl: 'http://evil.example/' })).toBe(APP_ENTRY_URL);
    expect(rendererEntryUrl({ isPackaged: false, devServerUrl: undefined })).toBe(APP_ENTRY_URL);
    expect(rendererEntryUrl({ isPackaged: false, devServerUrl: '' })).toBe(APP_ENTRY_URL);
    expect(APP_ENTRY_URL).toBe('app://counter/index.html');
  });
});
