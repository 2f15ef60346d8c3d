import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenResponse } from '../shared/platform/oauth';
import { readStateFile, StateSaver, writeStateFileAtomically } from './state-file';

const CLI = join(import.meta.dirname, 'cli.ts');

let directory: string;
const children: ChildProcessWithoutNullStreams[] = [];
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'sandbox-cli-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(directory, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function startCli(args: string[]): Promise<Running> {
  const started = run(['--port', '0', ...args]);
  for (let i = 0; i < 150; i++) {
    const match = /Base URL\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(started.output());
    if (match?.[1] !== undefined) return { ...started, baseUrl: match[1] };
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the CLI did not start:\n${started.output()}`);
}

async function token(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: '4815162342', client_secret: 'SBX-counter-secret-7d1f0c2a9b' }),
  });
  return TokenResponse.parse(await response.json()).access_token;
}

describe('npm run sandbox (cli.ts)', () => {
  it('prints its URL and the seeded credentials, logs a line per request, stops on SIGTERM, and keeps --state across restarts', async () => {
    const stateFile = join(directory, 'state.json');
    const first = await startCli(['--state', stateFile]);
    expect(first.output()).toContain('4815162342  SBX-counter-secret-7d1f0c2a9b');
    expect(first.output()).toContain('NEWLAND_N950__SBX0000001 (PDV)');
    const accessToken = await token(first.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(first.output()).toContain('"msg":"POST /oauth/token 200"');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('sandbox stopped');
    const saved = await readStateFile(stateFile);
    expect(JSON.stringify(saved)).toContain(accessToken);

    const second = await startCli(['--state', stateFile]);
    expect(second.output()).toContain('(loaded)');
    const list = await fetch(`${second.baseUrl}/terminals/v1/list`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(list.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    // Atomic writes leave no temporary files behind.
    expect(await readdir(directory)).toEqual(['state.json']);
  });

  it('saves shortly after a change, not only on stop', async () => {
    const stateFile = join(directory, 'state.json');
    const running = await startCli(['--state', stateFile, '--log-level', 'warn']);
    const accessToken = await token(running.baseUrl);
    let saved = '';
    for (let i = 0; i < 50 && !saved.includes(accessToken); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      saved = await readFile(stateFile, 'utf8').catch(() => '');
    }
    expect(saved).toContain(accessToken);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('exits non-zero and says why when the final save of --state fails', async () => {
    const stateDirectory = join(directory, 'gone');
    await mkdir(stateDirectory);
    const running = await startCli(['--state', join(stateDirectory, 'state.json'), '--log-level', 'warn']);
    await rm(stateDirectory, { recursive: true });
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/could not save state to .*state\.json: ENOENT/);
  });

  it('--allow-remote binds another interface with a warning, and --public-url sets the init_point address', async () => {
    const running = await startCli(['--host', '127.0.0.1', '--allow-remote', '--public-url', 'http://counter-sandbox.test:3333', '--log-level', 'warn']);
    expect(running.output()).toContain('WARNING --allow-remote');
    const response = await fetch(`${running.baseUrl}/checkout/preferences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(running.baseUrl)}` },
      body: JSON.stringify({ items: [{ title: 'Tea', quantity: 1, unit_price: 5 }] }),
    });
    expect(((await response.json()) as { init_point: string }).init_point).toMatch(/^http:\/\/counter-sandbox\.test:3333\/checkout\/pay\//);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('--manual-clock lets the control API move time', async () => {
    const running = await startCli(['--manual-clock', '--log-level', 'warn']);
    const response = await fetch(`${running.baseUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seconds": 60}',
    });
    expect(response.status).toBe(200);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('--seed loads other accounts', async () => {
    const seedFile = join(directory, 'seed.json');
    await writeFile(
      seedFile,
      JSON.stringify({
        applications: [
          {
            client_id: '42',
            client_secret: 'SBX-other-secret-0001',
            name: 'Other',
            owner_user_id: 7,
            redirect_uris: ['http://127.0.0.1/cb'],
            pkce_required: true,
            scopes: ['read'],
          },
        ],
        users: [{ user_id: 7, nickname: 'SEVEN', email: 'seven@sandbox.test' }],
        terminals: [],
      }),
    );
    const running = await startCli(['--seed', seedFile, '--log-level', 'warn']);
    expect(running.output()).toContain('42  SBX-other-secret-0001');
    const accounts = (await (await fetch(`${running.baseUrl}/__sandbox/accounts`)).json()) as { applications: { client_id: string }[] };
    expect(accounts.applications.map((application) => application.client_id)).toEqual(['42']);
    running.child.kill('SIGTERM');
    await running.exited;
  });

  it.each([
    [['--port', 'abc'], 2, '--port must be a number'],
    [['--bogus'], 2, 'Unknown option'],
    [['--token-rate-limit', 'fast'], 2, '--token-rate-limit'],
    [['--host', '0.0.0.0'], 2, 'add --allow-remote'],
    [['--host', '192.168.1.20'], 2, 'add --allow-remote'],
    [['--public-url', 'ftp://x'], 2, '--public-url must be an http(s) URL'],
  ])('refuses %j with exit code %i', async (args, code, text) => {
    const started = run(args);
    expect(await started.exited).toBe(code);
    expect(started.output()).toContain(text);
  });

  it('refuses a seed file that does not match the schema, and a corrupt state file', async () => {
    const seedFile = join(directory, 'seed.json');
    await writeFile(seedFile, JSON.stringify({ applications: [], users: [], terminals: [] }));
    const badSeed = run(['--seed', seedFile]);
    expect(await badSeed.exited).toBe(2);
    expect(badSeed.output()).toContain('does not match the SeedData schema');

    const stateFile = join(directory, 'state.json');
    await writeFile(stateFile, '{"oauth": ');
    const badState = run(['--state', stateFile]);
    expect(await badState.exited).toBe(1);
    expect(badState.output()).toContain('not valid JSON');
  });
});

describe('state file', () => {
  it('writes atomically and reads back; a missing file is a fresh start', async () => {
    const file = join(directory, 'state.json');
    expect(await readStateFile(file)).toBeUndefined();
    await writeStateFileAtomically(file, '{"oauth":{"version":1}}');
    expect(await readStateFile(file)).toEqual({ oauth: { version: 1 } });
    expect(await readdir(directory)).toEqual(['state.json']);
    await writeFile(file, '[1,2]');
    await expect(readStateFile(file)).rejects.toThrow(/not a JSON object/);
  });

  it('writes the state without indentation, so nesting does not multiply its size', async () => {
    const file = join(directory, 'state.json');
    const saver = new StateSaver(
      file,
      () => ({ checkout: { preferences: [{ a: { b: { c: [1, 2] } } }] } }),
      () => undefined,
    );
    await saver.stop();
    expect(await readFile(file, 'utf8')).toBe('{"checkout":{"preferences":[{"a":{"b":{"c":[1,2]}}}]}}\n');
  });

  it('the saver skips writes when nothing changed and reports write errors instead of throwing', async () => {
    const file = join(directory, 'state.json');
    let state = { a: 1 };
    const errors: unknown[] = [];
    const saver = new StateSaver(
      file,
      () => state,
      (error) => errors.push(error),
    );
    await saver.save();
    await writeFile(file, 'tampered');
    await saver.save();
    expect(await readFile(file, 'utf8')).toBe('tampered');
    state = { a: 2 };
    await saver.stop();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: 2 });

    const broken = new StateSaver(
      join(directory, 'missing-dir', 'state.json'),
      () => state,
      (error) => errors.push(error),
    );
    await broken.save();
    expect(errors).toHaveLength(1);
    await expect(broken.stop()).rejects.toThrow(/ENOENT/);
  });
});
