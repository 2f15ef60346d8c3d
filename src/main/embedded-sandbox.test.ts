import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_PORT_FILE, SANDBOX_STATE_FILE, startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox';

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const open: EmbeddedSandbox[] = [];
const folders: string[] = [];
const blockers: Server[] = [];

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'embedded-sandbox-'));
  folders.push(folder);
  return folder;
}

async function start(dataDirectory: string): Promise<EmbeddedSandbox> {
  const sandbox = await startEmbeddedSandbox({ dataDirectory });
  open.push(sandbox);
  return sandbox;
}

async function stop(sandbox: EmbeddedSandbox): Promise<void> {
  open.splice(open.indexOf(sandbox), 1);
  await sandbox.close();
}

async function occupy(port: number): Promise<void> {
  const server = createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

afterEach(async () => {
  for (const sandbox of open.splice(0)) await sandbox.close();
  for (const server of blockers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded sandbox across restarts', () => {
  it('comes back on the same address with what the last run left (a terminal out of paper stays out of paper)', async () => {
    const folder = dataFolder();
    const first = await start(folder);
    const patched = await fetch(`${first.baseUrl}/__sandbox/terminals/${TERMINAL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paper: 'out' }),
    });
    expect(patched.status).toBe(200);
    await stop(first);

    const second = await start(folder);
    expect(second.baseUrl).toBe(first.baseUrl);
    expect(second.notices).toEqual([]);
    const terminal = (await (await fetch(`${second.baseUrl}/__sandbox/terminals/${TERMINAL}`)).json()) as { settings: { paper: string } };
    expect(terminal.settings.paper).toBe('out');
  });

  it('picks a new port and says so when the previous one is taken', async () => {
    const folder = dataFolder();
    const first = await start(folder);
    const oldPort = Number(new URL(first.baseUrl).port);
    await stop(first);
    await occupy(oldPort);

    const second = await start(folder);
    expect(second.baseUrl).not.toBe(first.baseUrl);
    expect(second.notices).toEqual([
      expect.objectContaining({
        code: 'sandbox_port_moved',
        values: { oldPort, baseUrl: second.baseUrl },
        message: expect.stringContaining(`usual port ${oldPort}`),
      }),
    ]);
    expect((await fetch(`${second.baseUrl}/__sandbox/health`)).status).toBe(200);
  });

  it('sets an unreadable state file aside and starts empty instead of refusing to start', async () => {
    const folder = dataFolder();
    writeFileSync(join(folder, SANDBOX_STATE_FILE), '{ not json');
    writeFileSync(join(folder, SANDBOX_PORT_FILE), 'nor this');
    const sandbox = await start(folder);
    expect(sandbox.notices).toEqual([expect.objectContaining({ code: 'sandbox_state_unreadable', message: expect.stringContaining('started empty') })]);
    expect(readdirSync(folder).some((name) => name.startsWith(`${SANDBOX_STATE_FILE}.unreadable-`))).toBe(true);
    expect((await fetch(`${sandbox.baseUrl}/__sandbox/health`)).status).toBe(200);
  });
});
