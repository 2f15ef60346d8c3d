/**
 * Decides whether a URL is one of our own renderer pages. The sender check of every IPC call and
 * the navigation guard both use it, so "ours" means the same thing in both places.
 */
export function createAppUrlMatcher(rendererEntryUrl: string): (candidate: string) => boolean {
  const entry = new URL(rendererEntryUrl);
  const parse = (candidate: string): URL | undefined => {
    try {
      return new URL(candidate);
    } catch {
      return undefined;
    }
  };
  if (entry.protocol === 'http:' || entry.protocol === 'https:') {
    // A served renderer (dev server or browser host): its exact origin.
    return (candidate) => parse(candidate)?.origin === entry.origin;
  }
  if (entry.protocol === 'file:') {
    // Under file:// every local file would share one origin; the renderer is served over app:// instead.
    return () => false;
  }
  // A custom scheme such as app://counter: Node's URL gives it no origin ("null"), so scheme and host are compared.
  const host = entry.host.toLowerCase();
  return (candidate) => {
    const url = parse(candidate);
    return url !== undefined && url.protocol === entry.protocol && url.host.toLowerCase() === host && url.username === '' && url.port === '';
  };
}
