import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Http } from '../ports';

export type UpdateChannel = 'stable' | 'beta';

/** One release as a generic feed's channel file describes it (electron-builder's `latest.yml`). */
export interface ReleaseInfo {
  version: string;
  /** The installer, relative to the feed. */
  path: string;
  /** Base64 SHA-512 of the installer. */
  sha512: string;
  releaseDate: string | null;
}

/**
 * The channel file's name as electron-updater reads it from a generic feed: `latest` for stable, the
 * channel's own name otherwise (or a version, for a rollback), with the platform's suffix.
 */
export function channelFile(name: string, platform: NodeJS.Platform = process.platform): string {
  const suffix = platform === 'darwin' ? '-mac' : platform === 'linux' ? '-linux' : '';
  return `${name}${suffix}.yml`;
}

export const channelName = (channel: UpdateChannel): string => (channel === 'stable' ? 'latest' : channel);

/** The top-level `key: value` lines of a channel file: all a check needs (the files list repeats them). */
export function parseChannelFile(text: string): ReleaseInfo {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z][\w]*):\s*(.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined && match[2] !== '') fields.set(match[1], match[2].trim().replace(/^(['"])(.*)\1$/, '$2'));
  }
  const version = fields.get('version');
  const path = fields.get('path');
  const sha512 = fields.get('sha512');
  if (version === undefined || path === undefined || sha512 === undefined) throw new Error('the channel file lacks version, path or sha512');
  return { version, path, sha512, releaseDate: fields.get('releaseDate') ?? null };
}

/** Semantic versions compared by their numbers; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const split = (version: string): [number[], string] => {
    const [core = '', pre = ''] = version.replace(/^v/, '').split('-', 2);
    return [core.split('.').map((part) => Number(part) || 0), pre];
  };
  const [coreA, preA] = split(a);
  const [coreB, preB] = split(b);
  for (let index = 0; index < 3; index++) {
    const difference = (coreA[index] ?? 0) - (coreB[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (preA === preB) return 0;
  if (preA === '') return 1;
  if (preB === '') return -1;
  return preA < preB ? -1 : 1;
}

/** Reads a channel file from the feed. */
export async function readRelease(http: Http, feedUrl: string, name: string, platform?: NodeJS.Platform): Promise<ReleaseInfo> {
  const url = new URL(channelFile(name, platform), feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`);
  const response = await http(url.toString(), { headers: { 'cache-control': 'no-cache' } });
  if (!response.ok) throw new Error(`the update feed answered ${response.status} for ${url.pathname}`);
  return parseChannelFile(await response.text());
}

/** Downloads the installer and keeps it only if its SHA-512 is the one the feed published. */
export async function downloadRelease(http: Http, feedUrl: string, release: ReleaseInfo, directory: string): Promise<string> {
  const url = new URL(release.path, feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`);
  const response = await http(url.toString());
  if (!response.ok) throw new Error(`the update feed answered ${response.status} for the installer`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const digest = createHash('sha512').update(bytes).digest('base64');
  if (digest !== release.sha512) throw new Error(`the installer of ${release.version} does not match the feed's checksum`);
  mkdirSync(directory, { recursive: true });
  const file = join(directory, release.path.replace(/[/\\]/g, '_'));
  writeFileSync(file, bytes);
  return file;
}
