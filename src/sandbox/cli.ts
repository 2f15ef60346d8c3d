/**
 * The sandbox as a standalone server for integrators and e2e tests:
 *
 *   npm run sandbox -- [--port 3333] [--host 127.0.0.1] [--allow-remote] [--public-url URL]
 *                      [--allow-remote-notifications] [--state FILE] [--seed FILE]
 *                      [--manual-clock] [--token-rate-limit 100/10|off] [--strict-redirects] [--log-level info]
 *
 * Prints its base URL and the seeded credentials, logs one line per request, saves --state on changes
 * and on stop, and stops cleanly on SIGINT/SIGTERM. docs/sandbox/index.md describes it all.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createManualClock, createSystemClock } from '../shared/clock';
import { DEFAULT_SEED, SeedData } from './accounts';
import { createSandbox, type Sandbox, type SandboxSnapshot } from './app';
import type { RateLimit } from './oauth/rate-limit';
import { isLoopbackHostname } from './exposure';
import { readStateFile, StateSaver } from './state-file';

const USAGE = `Usage: npm run sandbox -- [options]

  --port N                  TCP port (default 3333; 0 picks a free one)
  --host HOST               interface to bind (default 127.0.0.1); other than loopback needs --allow-remote
  --allow-remote            bind a non-loopback --host and answer any Host name (anyone who can reach it gets the tokens)
  --public-url URL          the address clients use, for init_point links (default: the address it listens on)
  --allow-remote-notifications  deliver notifications to hosts other than loopback
  --state FILE              load state from FILE at start, save it on changes and on stop
  --seed FILE               accounts JSON (applications, users, terminals) instead of the built-in ones
  --manual-clock            time moves only via POST /__sandbox/clock/advance
  --token-rate-limit B/R    POST /oauth/token bucket per application: burst B, R per second (default 100/10), or "off"
  --strict-redirects        match redirect_uri exactly, port included (spec 2.1), as the real platform may;
                            default: any port on a loopback redirect (RFC 8252)
  --log-level LEVEL         fatal | error | warn | info | debug | trace | silent (default info)
  --help                    this text
`;

const CliOptions = z
  .object({
    port: z
      .string()
      .regex(/^\d{1,5}$/, { error: '--port must be a number' })
      .transform(Number)
      .pipe(z.number().max(65_535, { error: '--port must be at most 65535' }))
      .default(3333),
    host: z.string().min(1).default('127.0.0.1'),
    allowRemote: z.boolean().default(false),
    publicUrl: z.url({ protocol: /^https?$/, error: '--public-url must be an http(s) URL' }).optional(),
    allowRemoteNotifications: z.boolean().default(false),
    state: z.string().min(1).optional(),
    seed: z.string().min(1).optional(),
    manualClock: z.boolean().default(false),
    strictRedirects: z.boolean().default(false),
    tokenRateLimit: z
      .string()
      .regex(/^(off|\d+\/\d+(\.\d+)?)$/, { error: '--token-rate-limit is BURST/PER_SECOND (e.g. 100/10) or off' })
      .transform((value): RateLimit | null => {
        if (value === 'off') return null;
        const [capacity, refill] = value.split('/');
        return { capacity: Number(capacity), refillPerSecond: Number(refill) };
      })
      .optional(),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((options) => options.allowRemote || isLoopbackHostname(options.host), {
    error: '--host other than loopback exposes live tokens and the control API to the network; add --allow-remote to do it anyway',
  });
type CliOptions = z.infer<typeof CliOptions>;

function fail(message: string, code = 2): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(code);
}

function parseCommandLine(argv: string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-remote': { type: 'boolean' },
        'public-url': { type: 'string' },
        'allow-remote-notifications': { type: 'boolean' },
        state: { type: 'string' },
        seed: { type: 'string' },
        'manual-clock': { type: 'boolean' },
        'strict-redirects': { type: 'boolean' },
        'token-rate-limit': { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help === true) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const parsed = CliOptions.safeParse({
    port: values.port,
    host: values.host,
    allowRemote: values['allow-remote'],
    publicUrl: values['public-url'],
    allowRemoteNotifications: values['allow-remote-notifications'],
    state: values.state,
    seed: values.seed,
    manualClock: values['manual-clock'],
    strictRedirects: values['strict-redirects'],
    tokenRateLimit: values['token-rate-limit'],
    logLevel: values['log-level'],
  });
  if (!parsed.success) fail(`${parsed.error.issues.map((issue) => issue.message).join('\n')}\n\n${USAGE}`);
  return parsed.data;
}

async function readSeed(file: string): Promise<SeedData> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    fail(`cannot read seed file ${file}: ${(error as Error).message}`);
  }
  const parsed = SeedData.safeParse(json);
  if (!parsed.success) fail(`seed file ${file} does not match the SeedData schema:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function banner(baseUrl: string, seed: SeedData, options: CliOptions, stateNote: string): string {
  const lines = [
    'Counter sandbox of the payment platform',
    `  Base URL   ${baseUrl}`,
    `  OpenAPI    ${baseUrl}/__sandbox/openapi.json`,
    `  Clock      ${options.manualClock ? 'manual (POST /__sandbox/clock/advance {"seconds": N})' : 'system'}`,
    `  State      ${stateNote}`,
    `  Redirects  ${options.strictRedirects ? 'strict: redirect_uri must equal a registered one, port included' : 'any port on a registered loopback redirect (RFC 8252)'}`,
    '',
    'Applications (client_id / client_secret for POST /oauth/token):',
    ...seed.applications.map(
      (application) =>
        `  ${application.client_id}  ${application.client_secret}  "${application.name}"  owner ${application.owner_user_id}  ` +
        `scopes ${application.scopes.join(' ')}  PKCE ${application.pkce_required ? 'required' : 'optional'}  redirect ${application.redirect_uris.join(' ')}`,
    ),
    '',
    'Users and their terminals:',
    ...seed.users.map((user) => {
      const terminals = seed.terminals.filter((terminal) => terminal.user_id === user.user_id).map((terminal) => `${terminal.id} (${terminal.operating_mode})`);
      return `  ${user.user_id}  ${user.nickname}  ${user.email}  ${terminals.length === 0 ? 'no terminals' : terminals.join(', ')}`;
    }),
    '',
    'Ctrl+C stops it.',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = parseCommandLine(process.argv.slice(2));
  const seed = options.seed === undefined ? DEFAULT_SEED : await readSeed(resolve(options.seed));
  const stateFile = options.state === undefined ? undefined : resolve(options.state);

  let state: SandboxSnapshot | undefined;
  if (stateFile !== undefined) {
    try {
      state = await readStateFile(stateFile);
    } catch (error) {
      fail(`${(error as Error).message}; fix or delete it, or start without --state`, 1);
    }
  }

  // The saver needs the sandbox and the sandbox reports changes to the saver: tie the knot by reference.
  let saver: StateSaver | undefined;
  let sandbox: Sandbox;
  try {
    sandbox = await createSandbox({
      clock: options.manualClock ? createManualClock(Date.now()) : createSystemClock(),
      seed,
      ...(state === undefined ? {} : { state }),
      ...(options.tokenRateLimit === undefined ? {} : { tokenRateLimit: options.tokenRateLimit }),
      strictRedirects: options.strictRedirects,
      logger: { level: options.logLevel },
      allowAnyHost: options.allowRemote,
      allowRemoteNotifications: options.allowRemoteNotifications,
      ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
      onStateMayHaveChanged: () => saver?.schedule(),
    });
  } catch (error) {
    fail(`cannot start: ${(error as Error).message}`, 1);
  }

  if (stateFile !== undefined) {
    saver = new StateSaver(
      stateFile,
      () => sandbox.snapshot(),
      (error) => sandbox.app.log.warn({ err: error }, `could not save state to ${stateFile}`),
    );
  }

  let baseUrl: string;
  try {
    baseUrl = await sandbox.listen({ port: options.port, host: options.host });
  } catch (error) {
    await sandbox.close().catch(() => undefined);
    fail(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`, 1);
  }
  saver?.start();
  if (options.allowRemote) {
    process.stderr.write(
      `sandbox: WARNING --allow-remote: anyone who can reach ${options.host}:${options.port} can mint and read tokens and drive the control API\n`,
    );
  }
  const stateNote = stateFile === undefined ? 'in memory only (add --state FILE to keep it)' : `${stateFile} (${state === undefined ? 'new' : 'loaded'})`;
  process.stdout.write(`${banner(baseUrl, sandbox.context.seed, options, stateNote)}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`sandbox: ${signal} again, exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    sandbox.app.log.info(`${signal}: stopping`);
    void (async () => {
      let code = 0;
      try {
        await sandbox.close();
      } catch (error) {
        sandbox.app.log.error({ err: error }, 'error while closing');
        code = 1;
      }
      try {
        await saver?.stop();
      } catch (error) {
        process.stderr.write(`sandbox: could not save state to ${stateFile ?? ''}: ${(error as Error).message}\n`);
        code = 1;
      }
      process.stdout.write('sandbox stopped\n');
      process.exit(code);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
