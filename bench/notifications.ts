/**
 * How many notifications Counter's receiver takes per second when each one is also read back from the
 * platform (spec 6.3: acknowledge, then GET the resource), as a ratio to a bare loopback node:http
 * server that only answers 200. Loopback only, bounded, no assertions: it prints its figures and exits 0.
 *
 *   node --import tsx bench/notifications.ts
 *
 * 1. The embedded sandbox on loopback, holding PAYMENTS payments created through `POST /v1/payments`
 *    without a notification_url (so the sandbox itself notifies nobody).
 * 2. Baseline: a bare node:http server answering 200 to every POST, driven by CONCURRENCY fetch loops.
 * 3. Counter's app core (receiver on 127.0.0.1, default tuning but no flood limits) driven the same way with one IPN
 *    (`?topic=payment&id=…`) per payment; the clock stops when every notification is acknowledged AND
 *    read back. The acknowledgement rate alone is printed too.
 * Ratio = 3 / 2 (target ≥ 0.3). Each receiver round is paired with a baseline round just before it;
 * the figures are medians of ROUNDS rounds, every round with payments not notified before.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createAppCore } from '../src/main/core/app-core';
import { silentLogger } from '../src/main/core/ports';
import { createMemoryStore } from '../src/main/core/settings/store';
import { createSandbox } from '../src/sandbox/app';
import { quantile } from './_stats';

const CONCURRENCY = 16;
const PER_ROUND = 1_000;
const ROUNDS = 3;
const WARM_UP = 100;
const COUNTER_APP = { clientId: '4815162342', clientSecret: 'SBX-counter-secret-7d1f0c2a9b' } as const;

/** Sends `count` POSTs to the URLs `urlFor(i)` from CONCURRENCY loops; resolves with the seconds taken. */
async function drive(count: number, urlFor: (index: number) => string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let index = next++; index < count; index = next++) {
        const response = await fetch(urlFor(index), { method: 'POST' });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`notification ${index}: HTTP ${response.status}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function startBareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main(): Promise<void> {
  const sandbox = await createSandbox({ tokenRateLimit: null });
  const baseUrl = await sandbox.listen();
  const tokenAnswer = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: COUNTER_APP.clientId, client_secret: COUNTER_APP.clientSecret }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };

  const total = WARM_UP + PER_ROUND * ROUNDS;
  const paymentIds: string[] = [];
  for (let index = 0; index < total; index++) {
    const created = await fetch(`${baseUrl}/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ transaction_amount: 100 + index, payment_method_id: 'visa', payer: { email: 'bench@example.com' } }),
    });
    paymentIds.push(String(((await created.json()) as { id: number }).id));
  }

  // The figure is the read-back path's throughput: the per-address and pending limits, which would refuse this flood by design, are lifted.
  const unlimited = { sourceBurst: Number.MAX_SAFE_INTEGER, maxPendingReadBacks: Number.MAX_SAFE_INTEGER };
  const core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: 'bench',
    sandboxBaseUrl: baseUrl,
    sandboxCredentials: COUNTER_APP,
    logger: silentLogger,
    notificationReceiver: { tuning: unlimited },
  });
  const receiverStatus = () => core.handlers['checkout.receiver']({});
  for (let waited = 0; (await receiverStatus()).url === null; waited++) {
    if (waited > 500) throw new Error('the receiver did not start');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const receiverUrl = (await receiverStatus()).url ?? '';
  const ipnUrl = (id: string | undefined): string => `${receiverUrl}?topic=payment&id=${id ?? ''}`;

  /** Waits until `expected` read-backs have finished in all; polling is coarse next to a round's length. */
  async function readBacksDone(expected: number): Promise<void> {
    for (;;) {
      const { stats } = await receiverStatus();
      if (stats.readBacks + stats.readBackFailures >= expected && stats.pending === 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // Warm-up: the first token, connection pools, JIT.
  await drive(WARM_UP, (index) => ipnUrl(paymentIds[index]));
  await readBacksDone(WARM_UP);

  const bare = await startBareServer();
  const baselineRates: number[] = [];
  const ackRates: number[] = [];
  const fullRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const baselineSeconds = await drive(PER_ROUND, () => bare.url);
    const offset = WARM_UP + round * PER_ROUND;
    const before = (await receiverStatus()).stats;
    const started = performance.now();
    const ackSeconds = await drive(PER_ROUND, (index) => ipnUrl(paymentIds[offset + index]));
    await readBacksDone(before.readBacks + before.readBackFailures + PER_ROUND);
    const fullSeconds = (performance.now() - started) / 1000;
    const baseline = PER_ROUND / baselineSeconds;
    baselineRates.push(baseline);
    ackRates.push(PER_ROUND / ackSeconds);
    fullRates.push(PER_ROUND / fullSeconds);
    ratios.push(PER_ROUND / fullSeconds / baseline);
  }
  const status = await receiverStatus();

  const fmt = (value: number): string => value.toFixed(0).padStart(7);
  console.log(`Notification receiver with read-back vs. a bare loopback server (${PER_ROUND} notifications × ${ROUNDS} rounds, ${CONCURRENCY} in flight)`);
  console.log(`  bare node:http server, 200 only       ${fmt(quantile(baselineRates, 0.5))} req/s`);
  console.log(
    `  Counter receiver, acknowledged        ${fmt(quantile(ackRates, 0.5))} notifications/s   ratio ${(quantile(ackRates, 0.5) / quantile(baselineRates, 0.5)).toFixed(2)}`,
  );
  console.log(
    `  Counter receiver, acknowledged + read ${fmt(quantile(fullRates, 0.5))} notifications/s   ratio ${quantile(ratios, 0.5).toFixed(2)} (target ≥ 0.3)`,
  );
  console.log(`  read-backs ${status.stats.readBacks}, failures ${status.stats.readBackFailures}, merged duplicates ${status.stats.duplicates}`);

  await bare.close();
  await core.close();
  await sandbox.close();
}

await main();
process.exit(0);
