import { describe, expect, it } from 'vitest';
import { createAppUrlMatcher } from './app-origin';

describe('our own renderer pages', () => {
  it('accepts the built renderer and its hash routes, refuses other files', () => {
    const isApp = createAppUrlMatcher('file:///opt/Counter/resources/app.asar/out/renderer/index.html');
    expect(isApp('file:///opt/Counter/resources/app.asar/out/renderer/index.html#/queue')).toBe(true);
    expect(isApp('file:///etc/passwd')).toBe(false);
    expect(isApp('file:///opt/Counter/resources/app.asar/out/other/index.html')).toBe(false);
    expect(isApp('https://example.com/')).toBe(false);
    expect(isApp('')).toBe(false);
  });

  it('accepts only the exact origin of a served renderer (dev server or browser host)', () => {
    const isApp = createAppUrlMatcher('http://127.0.0.1:5173/');
    expect(isApp('http://127.0.0.1:5173/index.html')).toBe(true);
    expect(isApp('http://127.0.0.1:5174/')).toBe(false);
    expect(isApp('http://localhost:5173/')).toBe(false);
  });
});
