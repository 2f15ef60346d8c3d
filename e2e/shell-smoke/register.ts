import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Sends `electron` and `electron-updater`, wherever they are imported or required from, to the stand-ins. */
const STAND_INS: Record<string, string> = {
  electron: pathToFileURL(new URL('./electron-stand-in.ts', import.meta.url).pathname).href,
  'electron-updater': pathToFileURL(new URL('./electron-updater-stand-in.ts', import.meta.url).pathname).href,
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const standIn = STAND_INS[specifier];
    if (standIn !== undefined) return { url: standIn, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
