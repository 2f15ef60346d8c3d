import { createSandbox } from '../sandbox/app';

export interface EmbeddedSandbox {
  baseUrl: string;
  close(): Promise<void>;
}

/** The platform the app talks to when no production credentials are set: the sandbox, in-process, on a free loopback port. */
export async function startEmbeddedSandbox(): Promise<EmbeddedSandbox> {
  const sandbox = await createSandbox();
  const baseUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl, close: () => sandbox.close() };
}
