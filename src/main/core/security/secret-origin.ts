/**
 * Who a stored secret was given to: the origin of the address it is sent to. A secret (the platform's
 * client secret, the store database's password, any later one) is kept only while its address keeps
 * this origin; a new origin means a new server, which must never receive the old one's secret.
 *
 * - http(s): scheme, host and port (the URL's origin, default ports dropped); a new path keeps it.
 * - postgres: host, port (5432 when left out), user and database, read the way the pg client reads them
 *   (a `host`, `port` or `user` query parameter wins over the URL's own part); TLS options keep it.
 * - Anything unreadable is its own origin: compared as written, so any change forgets.
 */
export function secretOrigin(address: string): string {
  const text = address.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `unreadable:${text}`;
  }
  const scheme = url.protocol.toLowerCase();
  if (scheme === 'postgres:' || scheme === 'postgresql:') return postgresOrigin(url);
  if (url.origin !== 'null') return url.origin.toLowerCase();
  return `${scheme}//${url.host.toLowerCase()}`;
}

function postgresOrigin(url: URL): string {
  const params = url.searchParams;
  const decoded = (part: string): string => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const host = (params.get('host') ?? decoded(url.hostname).replace(/^\[(.+)\]$/, '$1')).toLowerCase();
  const port = params.get('port') ?? (url.port === '' ? '5432' : url.port);
  const user = params.get('user') ?? decoded(url.username);
  const database = decoded(url.pathname.slice(1));
  return JSON.stringify(['postgres', host, port, user, database]);
}

/** Whether a secret kept for `before` may still be sent to `after`. */
export function sameSecretOrigin(before: string, after: string): boolean {
  return secretOrigin(before) === secretOrigin(after);
}
