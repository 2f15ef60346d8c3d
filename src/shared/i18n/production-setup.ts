import type { TextTable } from './text';

/**
 * The words of Settings' "Connect to the platform" panel and of the notice that keeps Print and
 * Checkout disabled until the platform can be used (docs/user-guide.md, Connect a real account).
 */
export const PRODUCTION_SETUP = {
  title: { en: 'Connect to the platform', es: 'Conectar con la plataforma' },
  lead: {
    en: 'Production needs your application’s credentials from the platform’s developer panel.',
    es: 'Producción necesita las credenciales de su aplicación, del panel de desarrolladores de la plataforma.',
  },
  sandboxNote: {
    en: 'Counter uses the built-in sandbox: nothing to set up. Choose Production above to connect a real account.',
    es: 'Counter usa el sandbox integrado: no hay nada que configurar. Elija Producción arriba para conectar una cuenta real.',
  },
  baseUrl: { en: 'Base URL', es: 'URL base' },
  clientId: { en: 'Client ID', es: 'ID de cliente' },
  clientSecret: { en: 'Client secret', es: 'Secreto de cliente' },
  secretStored: { en: 'A secret is stored. Type a new one only to replace it.', es: 'Hay un secreto guardado. Escriba otro solo para reemplazarlo.' },
  redirectUri: { en: 'Redirect URI', es: 'URI de redirección' },
  redirectHint: {
    en: 'Register exactly this address as the application’s redirect URI. Counter listens on its port while you sign in.',
    es: 'Registre exactamente esta dirección como URI de redirección de la aplicación. Counter escucha en ese puerto mientras inicia sesión.',
  },
  authorizationUrl: { en: 'Sign-in page', es: 'Página de inicio de sesión' },
  baseUrlHint: {
    en: 'Changing the base URL forgets the stored secret and tokens.',
    es: 'Al cambiar la URL base se olvidan el secreto y los tokens guardados.',
  },
  save: { en: 'Save', es: 'Guardar' },
  saved: { en: 'Saved.', es: 'Guardado.' },
  'state.not_configured': { en: 'Not connected: enter the client ID and the client secret.', es: 'Sin conexión: ingrese el ID y el secreto de cliente.' },
  'state.idle': {
    en: 'Credentials saved. Counter gets a token on its first call.',
    es: 'Credenciales guardadas. Counter obtiene un token en su primera llamada.',
  },
  'state.ready': { en: 'Connected.', es: 'Conectado.' },
  'state.sign_in_required': { en: 'Sign in again to continue.', es: 'Inicie sesión de nuevo para continuar.' },
  'state.error': { en: 'The last attempt failed: {message}', es: 'El último intento falló: {message}' },
  'token.user': { en: 'Signed in as user {userId}.', es: 'Sesión iniciada como usuario {userId}.' },
  'token.application': { en: 'The application’s own access (user {userId}).', es: 'Acceso propio de la aplicación (usuario {userId}).' },
  'token.details': { en: 'Token {type}, expires {expires}.', es: 'Token {type}, vence el {expires}.' },
  signIn: { en: 'Sign in with the platform', es: 'Iniciar sesión con la plataforma' },
  signingIn: {
    en: 'Waiting for you in the browser… If it did not open, check that the sign-in page is reachable.',
    es: 'Esperándolo en el navegador… Si no se abrió, revise que la página de inicio de sesión sea accesible.',
  },
  signInOpenAgain: { en: 'Open the sign-in page', es: 'Abrir la página de inicio de sesión' },
  cancelSignIn: { en: 'Cancel sign-in', es: 'Cancelar inicio de sesión' },
  signOut: { en: 'Sign out', es: 'Cerrar sesión' },
  test: { en: 'Test connection', es: 'Probar conexión' },
  testing: { en: 'Testing…', es: 'Probando…' },
  testOk: {
    en: 'It works: the platform lists {count} terminals for this account.',
    es: 'Funciona: la plataforma muestra {count} terminales para esta cuenta.',
  },
  'testOk.one': {
    en: 'It works: the platform lists 1 terminal for this account.',
    es: 'Funciona: la plataforma muestra 1 terminal para esta cuenta.',
  },
  testFailed: { en: 'The test failed: {message}', es: 'La prueba falló: {message}' },
  storageSessionOnly: {
    en: 'This computer has no key store to encrypt secrets, so Counter keeps them only until it closes.',
    es: 'Este equipo no tiene un almacén de claves para cifrar secretos, así que Counter los guarda solo hasta que se cierre.',
  },
  storageAllow: {
    en: 'Keep them unencrypted in Counter’s data folder (readable by your user only)',
    es: 'Guardarlos sin cifrar en la carpeta de datos de Counter (legibles solo por su usuario)',
  },
  storagePlaintext: {
    en: 'Secrets are kept unencrypted in Counter’s data folder, readable by your user only.',
    es: 'Los secretos se guardan sin cifrar en la carpeta de datos de Counter, legibles solo por su usuario.',
  },
  'invalid.baseUrl': {
    en: 'The base URL must start with https:// (http:// only for this computer: 127.0.0.1 or localhost).',
    es: 'La URL base debe empezar con https:// (http:// solo para este equipo: 127.0.0.1 o localhost).',
  },
  'invalid.clientId': { en: 'The client ID is the application’s number: digits only.', es: 'El ID de cliente es el número de la aplicación: solo dígitos.' },
  'invalid.redirectUri': {
    en: 'The redirect URI is http://127.0.0.1:PORT/path, with a port from 1024 to 65535.',
    es: 'La URI de redirección es http://127.0.0.1:PUERTO/ruta, con un puerto de 1024 a 65535.',
  },
  'invalid.authorizationUrl': {
    en: 'The sign-in page must start with https:// (http:// only for this computer).',
    es: 'La página de inicio de sesión debe empezar con https:// (http:// solo para este equipo).',
  },
  'blocked.print': {
    en: 'Printing waits until Counter is connected to the platform.',
    es: 'La impresión espera a que Counter esté conectado con la plataforma.',
  },
  'blocked.checkout': {
    en: 'Selling waits until Counter is connected to the platform.',
    es: 'La venta espera a que Counter esté conectado con la plataforma.',
  },
  'blocked.printStatus': { en: 'Not connected to the platform yet.', es: 'Aún sin conexión con la plataforma.' },
  'blocked.link': { en: 'Connect in Settings', es: 'Conectar en Ajustes' },
} as const satisfies TextTable;

export type ProductionSetupKey = keyof typeof PRODUCTION_SETUP;
