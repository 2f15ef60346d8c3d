/** Long enough for the browser to have read the blob into the download; the URL is useless after. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves text as a file through a blob: URL and an <a download>. A download is not a navigation, so the
 * CSP (default-src 'self') does not stand in its way, and it works alike in Electron and the browser host.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
