import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crashReporterOptions } from '../crash/reporter-options';
import { OWNER_FILE, readOwnerConfig } from './owner-config';

let folder: string | undefined;
afterEach(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('the owner’s file', () => {
  it('defaults to no update feed, the stable channel and crash reports kept on this computer', () => {
    folder = mkdtempSync(join(tmpdir(), 'counter-owner-'));
    const { config, problem } = readOwnerConfig(folder);
    expect(problem).toBeNull();
    expect(config).toEqual({ updates: { feedUrl: null, channel: 'stable', force: false }, crashReports: { uploadUrl: null } });
    expect(crashReporterOptions(config.crashReports.uploadUrl)).toMatchObject({ uploadToServer: false, submitURL: '' });
  });

  it('takes the owner’s feed, channel and upload URL, and ignores a file it cannot trust, saying why', () => {
    folder = mkdtempSync(join(tmpdir(), 'counter-owner-'));
    writeFileSync(
      join(folder, OWNER_FILE),
      JSON.stringify({ updates: { feedUrl: 'https://updates.example/counter', channel: 'beta' }, crashReports: { uploadUrl: 'https://crash.example/up' } }),
    );
    const { config } = readOwnerConfig(folder);
    expect(config.updates).toEqual({ feedUrl: 'https://updates.example/counter', channel: 'beta', force: false });
    expect(crashReporterOptions(config.crashReports.uploadUrl)).toMatchObject({ uploadToServer: true, submitURL: 'https://crash.example/up' });
    writeFileSync(join(folder, OWNER_FILE), JSON.stringify({ crashReports: { uploadUrl: 'http://plain.example' } }));
    expect(readOwnerConfig(folder)).toMatchObject({
      config: { crashReports: { uploadUrl: null } },
      problem: expect.stringContaining('crashReports.uploadUrl'),
    });
  });
});
