import { z } from 'zod';

/** When an install is considered: at the next start, at the close of the day, or in the middle of a shift. */
export type InstallMoment = 'start' | 'close_of_day' | 'during_shift';
/** What keeps the counter from being idle. */
export type BusyReason = 'print' | 'sale' | 'dialog';

export interface InstallQuestion {
  downloaded: boolean;
  moment: InstallMoment;
  busy: readonly BusyReason[];
  /** The owner asked for the update to go in as soon as it can, shift or not. */
  force: boolean;
}

export type InstallVerdict = { install: true } | { install: false; why: 'nothing_downloaded' | 'busy' | 'during_shift' };

/**
 * Whether to install now. Never while something is unfinished (a print on its way, a sale at the
 * terminal, a dialog open), whoever asks; during a shift only when the owner forced it.
 */
export function installVerdict(question: InstallQuestion): InstallVerdict {
  if (!question.downloaded) return { install: false, why: 'nothing_downloaded' };
  if (question.busy.length > 0) return { install: false, why: 'busy' };
  if (question.moment === 'during_shift' && !question.force) return { install: false, why: 'during_shift' };
  return { install: true };
}

/** Written just before an install: the version being left, the one coming, and how often it has been launched. */
export const UpdateMarker = z.object({ from: z.string(), to: z.string(), installedAt: z.number(), launches: z.number().int().nonnegative() });
export type UpdateMarker = z.infer<typeof UpdateMarker>;

export type LaunchVerdict =
  /** No install under way. */
  | 'none'
  /** The new version's first launch: on trial until its window shows. */
  | 'trial'
  /** The new version was launched and never showed its window: go back to the version it replaced. */
  | 'rollback'
  /** The marker no longer applies (the install did not happen, or a rollback did): forget it. */
  | 'clear';

/**
 * What a start does with the marker of the last install, given how the previous run ended. The new
 * version has been launched before when its trial was counted, or when its own run record is the previous
 * one (it died before it could count); launched before and the window never showed: go back.
 */
export function launchVerdict(marker: UpdateMarker | null, running: string, previousRun: { version: string; ready: boolean } | null): LaunchVerdict {
  if (marker === null) return 'none';
  if (running !== marker.to) return 'clear';
  const ranBefore = marker.launches > 0 || previousRun?.version === marker.to;
  if (!ranBefore) return 'trial';
  if (previousRun?.version === marker.to && previousRun.ready) return 'clear';
  return 'rollback';
}

/** A version that was installed and did not start, and the one it replaced: never offered again. */
export const RefusedVersion = z.object({ version: z.string(), backTo: z.string(), at: z.number() });
export type RefusedVersion = z.infer<typeof RefusedVersion>;
export const RefusedVersions = z.array(RefusedVersion);

/** Whether a release the feed offers may be downloaded: not one that already failed to start here. */
export function mayOffer(version: string, refused: readonly RefusedVersion[]): boolean {
  return !refused.some((entry) => entry.version === version);
}
