import { createServer, connect, type Server, type Socket } from 'node:net';

/** What the proxy does to the traffic now; changed at any time. */
export interface Faults {
  /** Each chunk waits up to this long (in order: a connection's bytes are never reordered). */
  maxDelayMs: number;
  /** New connections are cut at once (the network is down for this counter). */
  refuse: boolean;
}

export interface ChaosProxy {
  readonly port: number;
  set(faults: Partial<Faults>): void;
  /** Cuts every open connection, both ways, as a lost network or a killed process would. */
  cutAll(): number;
  /** Cuts one open connection picked with `random`; false when none is open. */
  cutOne(random: () => number): boolean;
  /** Connections cut so far. */
  cuts(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of a test PostgreSQL, for store tests that lose the network: it
 * delays the bytes each way, refuses connections, and cuts open ones mid-query. It never drops or
 * reorders bytes inside a connection (TCP would not: a loss is a cut connection).
 */
export async function startChaosProxy(target: { host: string; port: number }, random: () => number = Math.random): Promise<ChaosProxy> {
  const faults: Faults = { maxDelayMs: 0, refuse: false };
  const open = new Set<{ client: Socket; upstream: Socket }>();
  let cut = 0;

  /** Forwards `from` to `to`, each chunk after its delay, one after another. */
  function pipe(from: Socket, to: Socket): void {
    let chain = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      const delay = faults.maxDelayMs > 0 ? Math.floor(random() * faults.maxDelayMs) : 0;
      chain = chain
        .then(() => new Promise<void>((resolve) => (delay === 0 ? resolve() : setTimeout(resolve, delay))))
        .then(() => {
          if (!to.destroyed) to.write(chunk);
        });
    });
    from.on('end', () => void chain.then(() => to.end()));
  }

  function destroy(pair: { client: Socket; upstream: Socket }): void {
    open.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  }

  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (faults.refuse) {
      cut += 1;
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => undefined);
    const pair = { client, upstream };
    open.add(pair);
    pipe(client, upstream);
    pipe(upstream, client);
    client.on('close', () => destroy(pair));
    upstream.on('close', () => destroy(pair));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port');

  return {
    port: address.port,
    set: (patch) => void Object.assign(faults, patch),
    cutAll() {
      const count = open.size;
      for (const pair of [...open]) destroy(pair);
      cut += count;
      return count;
    },
    cutOne(pick) {
      const pairs = [...open];
      const pair = pairs[Math.floor(pick() * pairs.length)];
      if (pair === undefined) return false;
      destroy(pair);
      cut += 1;
      return true;
    },
    cuts: () => cut,
    async close() {
      for (const pair of [...open]) destroy(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
