import { describe, expect, it } from 'vitest';
import { createAppUrlMatcher } from './app-origin';
import { APP_ENTRY_URL } from './app-protocol';

describe('our own renderer pages', () => {
  it('accepts the app:// renderer and its hash routes, refuses local files and other hosts', () => {
    const isApp = createAppUrlMatcher(APP_ENTRY_URL);
    expect(isApp('app://counter/index.html')).toBe(true);
    expect(isApp('app://counter/index.html#/queue')).toBe(true);
    expect(isApp('app://counter/')).toBe(true);
    expect(isApp('file:///opt/Counter/resources/app.asar/out/renderer/index.html')).toBe(false);
    expect(isApp('file:///etc/passwd')).toBe(false);
    expect(isApp('app://other/index.html')).toBe(false);
    expect(isApp('app://counter:8080/index.html')).toBe(false);
    expect(isApp('https://counter/index.html')).toBe(false);
    expect(isApp('https://example.com/')).toBe(false);
    expect(isApp('')).toBe(false);
  });

  it('trusts no file:// page, even the renderer built there', () => {
    const isApp = createAppUrlMatcher('file:///opt/Counter/resources/app.asar/out/renderer/index.html');
    expect(isApp('file:///opt/Counter/resources/app.asar/out/renderer/index.html')).toBe(false);
  });

  it('accepts only the exact origin of a served renderer (dev server or browser host)', () => {
    const isApp = createAppUrlMatcher('http://127.0.0.1:5173/');
    expect(isApp('http://127.0.0.1:5173/index.html')).toBe(true);
    expect(isApp('http://127.0.0.1:5174/')).toBe(false);
    expect(isApp('http://localhost:5173/')).toBe(false);
  });
});
