import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_SCHEME, contentTypeOf, resolveAppFile } from '../core/security/app-protocol';
import { PAGE_SECURITY_HEADERS } from '../core/security/web-preferences';

/** Must run before `ready`: app:// gets an origin of its own (standard), counts as secure, and may be fetched. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Answers app://counter/… from the renderer folder alone (the checks are in core/security/app-protocol). */
export function serveRenderer(rendererRoot: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererRoot, request.url);
    if (!file.ok) return new Response(file.reason, { status: file.status });
    try {
      const body = await readFile(file.filePath);
      return new Response(body, { status: 200, headers: { 'content-type': contentTypeOf(file.filePath), ...PAGE_SECURITY_HEADERS } });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}
