/**
 * DNS rebinding: a foreign site whose name is made to resolve to 127.0.0.1 reaches the host's port
 * with its own name in the Host header. Only the names the host itself answers to are accepted.
 */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function createHostHeaderCheck(listenHost: string, port: number): (hostHeader: string | undefined) => boolean {
  const host = listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
  const names = LOOPBACK_NAMES.includes(host) ? LOOPBACK_NAMES : [host];
  const accepted = new Set(names.map((name) => `${name}:${port}`.toLowerCase()));
  return (hostHeader) => hostHeader !== undefined && accepted.has(hostHeader.toLowerCase());
}
