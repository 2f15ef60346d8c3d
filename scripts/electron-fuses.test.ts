import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The fuses electron-builder flips in the packaged binary. Read from the committed electron-builder.yml
 * with a reader for just this block (`electronFuses:` then indented `name: true|false` lines), so a
 * test needs no YAML library and a block it cannot read fails instead of passing.
 */
function electronFuses(yaml: string): Record<string, boolean> {
  const lines = yaml.split(/\r?\n/);
  const start = lines.findIndex((line) => /^electronFuses:\s*(#.*)?$/.test(line));
  if (start === -1) throw new Error('electron-builder.yml has no top-level electronFuses block');
  const fuses: Record<string, boolean> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    if (!/^\s/.test(line)) break;
    const match = /^\s+([A-Za-z]+):\s*(true|false)\s*(#.*)?$/.exec(line);
    if (match === null) throw new Error(`cannot read the fuse line ${JSON.stringify(line)}`);
    fuses[match[1] ?? ''] = match[2] === 'true';
  }
  return fuses;
}

describe('Electron fuses of the packaged app', () => {
  it('turns off Node-style entry points and loads only the integrity-checked app.asar', () => {
    expect(electronFuses(readFileSync('electron-builder.yml', 'utf8'))).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar archive, which the integrity fuse checks', () => {
    expect(readFileSync('electron-builder.yml', 'utf8')).toMatch(/^asar: true\s*$/m);
  });
});
