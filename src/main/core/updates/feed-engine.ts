import type { Http } from '../ports';
import { channelName, compareVersions, downloadRelease, readRelease, type ReleaseInfo, type UpdateChannel } from './feed';
import type { UpdateEngine } from './update-service';

export interface FeedEngineOptions {
  http: Http;
  feedUrl: string;
  channel: UpdateChannel;
  version: string;
  /** Where downloaded installers are kept. */
  directory: string;
  /** Runs the installer (the Node engine cannot; tests record the call). */
  install(file: string, release: ReleaseInfo): void;
  platform?: NodeJS.Platform;
}

/**
 * The generic feed read the way electron-updater reads it (channel files, SHA-512 of the installer),
 * in plain Node: what the update policy is tested against. A rollback reads the replaced version's own
 * channel file (`{version}.yml`), which the release script keeps beside `latest.yml`.
 */
export function createFeedEngine(options: FeedEngineOptions): UpdateEngine {
  const downloaded = new Map<string, string>();
  const fetchAndVerify = async (release: ReleaseInfo): Promise<string> => {
    const file = downloaded.get(release.version) ?? (await downloadRelease(options.http, options.feedUrl, release, options.directory));
    downloaded.set(release.version, file);
    return file;
  };
  return {
    async check() {
      const release = await readRelease(options.http, options.feedUrl, channelName(options.channel), options.platform);
      return compareVersions(release.version, options.version) > 0 ? release : null;
    },
    async download(release) {
      await fetchAndVerify(release);
    },
    install(release) {
      const file = downloaded.get(release.version);
      if (file === undefined) throw new Error(`${release.version} was not downloaded`);
      options.install(file, release);
    },
    async rollback(version) {
      const release = await readRelease(options.http, options.feedUrl, version, options.platform);
      options.install(await fetchAndVerify(release), release);
    },
  };
}
