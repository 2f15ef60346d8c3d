import { test } from '@playwright/test';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { createSandbox, type Sandbox } from '../src/sandbox/app';

/** A sandbox of its own for a spec file, and a token of the seed's first application for calling it. */
export interface SandboxSession {
  readonly baseUrl: string;
  readonly token: string;
}

/** Starts the sandbox before the file's tests and closes it after them; the fields are set once it runs. */
export function sandboxSession(): SandboxSession {
  const session = { baseUrl: '', token: '' };
  let sandbox: Sandbox | undefined;
  test.beforeAll(async () => {
    sandbox = await createSandbox();
    session.baseUrl = await sandbox.listen();
    const application = DEFAULT_SEED.applications[0]!;
    const response = await fetch(`${session.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: application.client_id, client_secret: application.client_secret }),
    });
    session.token = ((await response.json()) as { access_token: string }).access_token;
  });
  test.afterAll(async () => {
    await sandbox?.close();
  });
  return session;
}
