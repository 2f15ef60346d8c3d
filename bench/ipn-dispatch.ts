/**
 * How fast the sandbox's notification dispatcher drains a backlog, as a ratio to what the receiver can
 * take at all. Loopback only, bounded, no assertions: it prints its figures and exits 0.
 *
 *   node --import tsx bench/ipn-dispatch.ts
 *
 * 1. A loopback receiver that acknowledges every POST with 200.
 * 2. Baseline: the receiver's own rate under a tight fetch loop with the dispatcher's concurrency (16).
 * 3. 1,000 pending notifications enqueued in a sandbox's dispatcher at once: delivered per second.
 * Ratio = 3 / 2 (target ≥ 0.5). Webhooks are compared with a baseline of webhook-shaped POSTs (JSON
 * body). Each dispatch run is paired with a baseline run just before it; figures are medians.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createSandbox } from '../src/sandbox/app';
import { checkoutServices } from '../src/sandbox/checkout/routes';
import { quantile } from './_stats';

const CONCURRENCY = 16;
const BASELINE_REQUESTS = 3_000;
const BACKLOG = 1_000;
const ROUNDS = 3;

async function startReceiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.statusCode = 200;
      response.end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A webhook-sized JSON body, for the baseline the webhook run is compared with. */
const WEBHOOK_LIKE_BODY = JSON.stringify({
  id: 1,
  live_mode: true,
  type: 'payment',
  date_created: new Date().toISOString(),
  user_id: 1001,
  api_version: 'v1',
  action: 'payment.created',
  data: { id: '1310000001' },
});

/** The receiver alone: CONCURRENCY loops of back-to-back POSTs shaped like an IPN (query, no body), or like a webhook. */
async function baseline(url: string, requests: number, shape: 'ipn' | 'webhook' = 'ipn'): Promise<number> {
  let next = 0;
  const init: RequestInit = shape === 'ipn' ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: WEBHOOK_LIKE_BODY };
  const worker = async (): Promise<void> => {
    while (next < requests) {
      const id = next++;
      const response = await fetch(`${url}/ipn?topic=payment&id=${id}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(22_000) });
      await response.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return requests / ((performance.now() - started) / 1000);
}

async function dispatch(url: string, channel: 'ipn' | 'webhook'): Promise<{ rate: number; delivered: number }> {
  const sandbox = await createSandbox();
  try {
    const { dispatcher } = checkoutServices(sandbox.app).notifications;
    dispatcher.configure({ concurrency: CONCURRENCY });
    const started = performance.now();
    for (let index = 0; index < BACKLOG; index++) {
      dispatcher.enqueue({
        channel,
        topic: 'payment',
        resourceId: String(1_310_000_000 + index),
        action: 'payment.created',
        userId: 1001,
        clientId: '4815162342',
        liveMode: true,
        url: `${url}/${channel}`,
        urlSource: 'account',
      });
    }
    await dispatcher.whenIdle();
    const seconds = (performance.now() - started) / 1000;
    const delivered = dispatcher.list({ status: 'delivered' }).length;
    return { rate: delivered / seconds, delivered };
  } finally {
    await sandbox.close();
  }
}

const receiver = await startReceiver();
try {
  // Warm-up, unmeasured: connections, JIT of both code paths.
  await baseline(receiver.url, 300);
  await dispatch(receiver.url, 'ipn');
  await dispatch(receiver.url, 'webhook');

  // Each dispatch run is paired with a baseline run just before it, so a busy machine weighs on both.
  const rates = { ipnReceiver: [] as number[], webhookReceiver: [] as number[], ipn: [] as number[], webhook: [] as number[] };
  const ratios = { ipn: [] as number[], webhook: [] as number[] };
  let undelivered = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const channel of ['ipn', 'webhook'] as const) {
      const receiverRate = await baseline(receiver.url, BASELINE_REQUESTS, channel);
      const run = await dispatch(receiver.url, channel);
      rates[channel === 'ipn' ? 'ipnReceiver' : 'webhookReceiver'].push(receiverRate);
      rates[channel].push(run.rate);
      ratios[channel].push(run.rate / receiverRate);
      undelivered += BACKLOG - run.delivered;
    }
  }

  const line = (label: string, rate: number, ratio?: number): string =>
    `${label.padEnd(46)} ${rate.toFixed(0).padStart(6)} /s${ratio === undefined ? '' : `   ratio ${ratio.toFixed(2)}`}`;
  console.log(`IPN dispatch benchmark: ${BACKLOG} pending notifications, concurrency ${CONCURRENCY}, loopback, median of ${ROUNDS} paired rounds`);
  console.log(line('receiver alone, IPN-shaped POSTs (16 at once)', quantile(rates.ipnReceiver, 0.5)));
  console.log(line('dispatcher, IPN (no body)', quantile(rates.ipn, 0.5), quantile(ratios.ipn, 0.5)));
  console.log(line('receiver alone, webhook-shaped POSTs', quantile(rates.webhookReceiver, 0.5)));
  console.log(line('dispatcher, webhooks (JSON + HMAC signature)', quantile(rates.webhook, 0.5), quantile(ratios.webhook, 0.5)));
  console.log(
    `ratio (IPN delivered/s ÷ receiver req/s): ${quantile(ratios.ipn, 0.5).toFixed(2)} (target ≥ 0.5)${undelivered > 0 ? `; ${undelivered} NOT delivered` : ''}`,
  );
} finally {
  await receiver.close();
}
