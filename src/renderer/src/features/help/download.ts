/** Hands a file to the browser as a download: the same in the desktop window (a save dialog) and the browser host. */
export function downloadBase64(fileName: string, base64: string, type = 'application/zip'): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
