/**
 * Decides whether a URL is one of our own renderer pages. The sender check of every IPC call and
 * the navigation guard both use it, so "ours" means the same thing in both places.
 */
export function createAppUrlMatcher(rendererEntryUrl: string): (candidate: string) => boolean {
  const entry = new URL(rendererEntryUrl);
  if (entry.protocol === 'file:') {
    // Only the built renderer's own folder; not any file on disk.
    const folder = entry.href.slice(0, entry.href.lastIndexOf('/') + 1);
    return (candidate) => {
      try {
        const url = new URL(candidate);
        return url.protocol === 'file:' && url.href.startsWith(folder) && !url.pathname.includes('/../');
      } catch {
        return false;
      }
    };
  }
  return (candidate) => {
    try {
      return new URL(candidate).origin === entry.origin;
    } catch {
      return false;
    }
  };
}
