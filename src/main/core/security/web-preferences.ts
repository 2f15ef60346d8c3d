/**
 * The renderer's lock-down (Electron security checklist), kept apart from the window code so a
 * Node test can hold it to account without an Electron binary.
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

/** The renderer's Content Security Policy; index.html carries the same text in its meta tag (a test keeps them equal). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers for every page the shells serve (browser host, app:// protocol). A meta tag cannot carry
 * frame-ancestors, so the header adds it; X-Frame-Options says the same to older engines.
 */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy': `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;
