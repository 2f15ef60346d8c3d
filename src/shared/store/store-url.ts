/**
 * How a store database address reaches its server. TLS with the server's certificate and name checked
 * (`sslmode=verify-full`) is the default for any host but this computer's own; plaintext to another host
 * is only ever an explicit `sslmode=disable`, and Settings warns about it.
 */
export type StoreTransport = 'loopback' | 'verified' | 'unverified' | 'plaintext';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

function hostOf(url: URL): string {
  const host = url.searchParams.get('host') ?? url.hostname;
  return host.replace(/^\[(.+)\]$/, '$1');
}

/** Whether the address names this computer (a loopback address or a Unix socket path). */
export function isLoopbackStore(url: URL): boolean {
  const host = hostOf(url);
  return host.startsWith('/') || /^%2f/i.test(host) || LOOPBACK.test(host);
}

export function storeTransport(address: string): StoreTransport | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (isLoopbackStore(url)) return 'loopback';
  const mode = url.searchParams.get('sslmode');
  if (mode === 'disable') return 'plaintext';
  if (mode === 'no-verify' || mode === 'prefer' || mode === 'require') return 'unverified';
  return 'verified';
}

/** The address as the client is given it: `sslmode=verify-full` added for another host when none is named. */
export function withDefaultTls(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  if (isLoopbackStore(url) || url.searchParams.has('sslmode') || url.searchParams.has('ssl')) return address;
  url.searchParams.set('sslmode', 'verify-full');
  return url.toString();
}
