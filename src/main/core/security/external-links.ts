/**
 * Links the app may hand to the system browser: the platform's own pages (consent, checkout) and the
 * embedded sandbox's pages on loopback. Anything else is refused, so a compromised renderer cannot
 * make the machine open arbitrary URLs or local files.
 */
const VETTED_HOST_SUFFIXES = ['mercadopago.com', 'mercadopago.com.ar', 'mercadopago.com.br', 'mercadopago.com.mx', 'mercadopago.cl', 'mercadolibre.com'];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isVettedExternalUrl(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') {
    return VETTED_HOST_SUFFIXES.some((suffix) => url.hostname === suffix || url.hostname.endsWith(`.${suffix}`));
  }
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}
