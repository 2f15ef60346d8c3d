import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../shared/clock';
import { createSandbox, type Sandbox } from './app';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function open(baseUrl: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

describe('server limits', () => {
  it('answers 408 request_timeout and closes a connection whose body never completes', async () => {
    sandbox = await createSandbox({ clock: createManualClock(), limits: { headersTimeoutMs: 200, requestTimeoutMs: 300, timeoutCheckIntervalMs: 50 } });
    const baseUrl = await sandbox.listen();
    const client = await open(baseUrl);
    client.socket.write('POST /checkout/preferences HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"items":');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain('"error":"request_timeout"');
  });

  it('closes connections beyond the cap on arrival', async () => {
    sandbox = await createSandbox({ clock: createManualClock(), limits: { maxConnections: 2 } });
    const baseUrl = await sandbox.listen();
    const first = await open(baseUrl);
    const second = await open(baseUrl);
    const third = await open(baseUrl);
    third.socket.write('GET /__sandbox/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await third.closed;
    expect(third.received()).toBe('');
    first.socket.write('GET /__sandbox/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await first.closed;
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /);
    second.socket.destroy();
  });
});
