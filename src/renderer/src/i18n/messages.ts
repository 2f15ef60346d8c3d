import type { Language } from '../../../shared/ipc/channels/app';
import { SCREEN_NAMES } from '../../../shared/i18n';

/** The shell's words: navigation, screen titles and leads, the status bar. The tabs' names are the catalogue's (screen.x keys). */

const en = {
  'nav.label': 'Main navigation',
  'screen.counter.title': 'Compose and print',
  'screen.counter.lead': 'Write a receipt with formatting tags, see it at real paper width, and send it to a terminal.',
  'screen.queue.title': 'Print queue',
  'screen.queue.lead': 'Prints on their way to the terminal, live, with cancel while the platform allows it.',
  'screen.manager.title': 'Store manager',
  'screen.manager.lead': 'Every terminal of the store at once, and the history of every print.',
  'screen.checkout.title': SCREEN_NAMES.checkout.en,
  'screen.checkout.lead': 'Sell through a checkout preference with your industry’s data, and watch the payment arrive.',
  'screen.settings.title': SCREEN_NAMES.settings.en,
  'screen.settings.lead': 'Where Counter connects, and how it speaks to you.',
  'screen.day.title': 'The day',
  'screen.day.lead': 'Open and close shifts, read the X and Z reports, and check the day against the platform’s payments.',
  'settings.language': 'Language',
  'settings.environment': 'Platform',
  'settings.environment.sandbox': 'Sandbox (built in, no credentials needed)',
  'settings.environment.production': 'Production',
  'settings.productionUrl': 'Production base URL',
  'settings.industry': 'Store industry',
  'settings.industryHint': 'Decides which extra data the checkout form asks for (it improves the approval of payments).',
  'settings.saved': 'Saved',
  'status.environment': 'Platform',
  'status.env.sandbox': 'Sandbox',
  'status.env.production': 'Production',
  'status.connection': 'Connection',
  'status.connecting': 'Connecting…',
  'status.online': 'Online',
  'status.offline': 'Offline',
  'status.unauthorized': 'Not signed in',
  'status.check': 'Check again',
  'status.version': 'Version',
  'bridge.missing': 'Counter is not connected. Open it from the desktop app or from the address `npm run dev:web` prints.',
  'bridge.sessionEnded.title': 'This window belongs to an earlier session',
  'bridge.sessionEnded.body':
    'Counter was restarted, so this window can no longer talk to it. Reload: open the new address Counter printed when it started (npm run dev:web). Nothing that was saved is lost.',
} as const;

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = {
  'nav.label': 'Navegación principal',
  'screen.counter.title': 'Redactar e imprimir',
  'screen.counter.lead': 'Escriba un ticket con etiquetas de formato, véalo al ancho real del papel y envíelo a una terminal.',
  'screen.queue.title': 'Cola de impresión',
  'screen.queue.lead': 'Impresiones camino a la terminal, en vivo, con cancelación mientras la plataforma lo permita.',
  'screen.manager.title': 'Gerente de tienda',
  'screen.manager.lead': 'Todas las terminales de la tienda a la vez y el historial de cada impresión.',
  'screen.checkout.title': SCREEN_NAMES.checkout.es,
  'screen.checkout.lead': 'Venda con una preferencia de pago con los datos de su industria y vea llegar el pago.',
  'screen.settings.title': SCREEN_NAMES.settings.es,
  'screen.settings.lead': 'Dónde se conecta Counter y en qué idioma le habla.',
  'screen.day.title': 'El día',
  'screen.day.lead': 'Abra y cierre turnos, lea los informes X y Z, y compare el día con los pagos de la plataforma.',
  'settings.language': 'Idioma',
  'settings.environment': 'Plataforma',
  'settings.environment.sandbox': 'Sandbox (integrado, sin credenciales)',
  'settings.environment.production': 'Producción',
  'settings.productionUrl': 'URL base de producción',
  'settings.industry': 'Industria de la tienda',
  'settings.industryHint': 'Decide qué datos adicionales pide el formulario de cobro (mejoran la aprobación de los pagos).',
  'settings.saved': 'Guardado',
  'status.environment': 'Plataforma',
  'status.env.sandbox': 'Sandbox',
  'status.env.production': 'Producción',
  'status.connection': 'Conexión',
  'status.connecting': 'Conectando…',
  'status.online': 'En línea',
  'status.offline': 'Sin conexión',
  'status.unauthorized': 'Sin sesión',
  'status.check': 'Reintentar',
  'status.version': 'Versión',
  'bridge.missing': 'Counter no está conectado. Ábralo desde la aplicación o desde la dirección que imprime `npm run dev:web`.',
  'bridge.sessionEnded.title': 'Esta ventana pertenece a una sesión anterior',
  'bridge.sessionEnded.body':
    'Counter se reinició y esta ventana ya no puede comunicarse con él. Recargue: abra la nueva dirección que Counter imprimió al iniciar (npm run dev:web). No se pierde nada de lo guardado.',
};

export const messages: Record<Language, Record<MessageKey, string>> = { en, es };
