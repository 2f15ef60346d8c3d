import { crashReporter } from 'electron';
import { crashReporterOptions } from '../core/crash/reporter-options';

/** Crash dumps written by Crashpad in the app's crashDumps folder; uploaded only to a URL the owner set. */
export function startCrashReporter(uploadUrl: string | null): void {
  crashReporter.start(crashReporterOptions(uploadUrl));
}
