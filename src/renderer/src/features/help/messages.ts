import type { FeatureMessages } from '../../i18n/common';

/** Help's words: the diagnostics bundle, English and Spanish. */
const en = {
  'help.open': 'Help',
  'diagnostics.open': 'Save diagnostics…',
  'diagnostics.title': 'Save diagnostics',
  'diagnostics.lead':
    'One zip file for support: the logs, versions, settings without passwords or tokens, the history’s counts and check, the store database’s state, the last platform calls (no bodies) and crash reports. Nothing leaves this computer until you send the file.',
  'diagnostics.listing': 'Gathering what the file will hold…',
  'diagnostics.files': 'The file will hold:',
  'diagnostics.save': 'Save the zip',
  'diagnostics.saving': 'Making the zip…',
  'diagnostics.saved': 'Saved as {name}.',
  'diagnostics.close': 'Close',
  'kind.manifest': 'List of contents',
  'kind.versions': 'Versions (app, Electron, Node, SQLite, system)',
  'kind.settings': 'Settings (no secrets)',
  'kind.history': 'History: counts and integrity check',
  'kind.store': 'Store database: sync state',
  'kind.platform_calls': 'Last platform calls (method, path, status, time, request id)',
  'kind.log': 'Log file',
  'kind.crash_dump': 'Crash report',
  'update.downloading': 'Downloading update {version}…',
  'update.waiting': 'Update {version} is ready; it waits until {what} is finished.',
  'update.ready': 'Update {version} is ready; it installs when the day is closed or at the next start.',
  'update.installing': 'Installing update {version}…',
  'update.busy.sale': 'the sale at the terminal',
  'update.busy.print': 'the prints on their way',
  'update.busy.dialog': 'the open dialog',
  'update.refused': 'Version {version} did not start; Counter went back to {backTo} and will not offer it again.',
  'update.notRestored': 'Version {version} did not start and {backTo} could not be installed again: reinstall it.',
} as const;

const es: Record<keyof typeof en, string> = {
  'help.open': 'Ayuda',
  'diagnostics.open': 'Guardar diagnóstico…',
  'diagnostics.title': 'Guardar diagnóstico',
  'diagnostics.lead':
    'Un archivo zip para soporte: los registros, las versiones, los ajustes sin contraseñas ni tokens, los totales y la verificación del historial, el estado de la base de datos de la tienda, las últimas llamadas a la plataforma (sin contenido) y los informes de fallos. Nada sale de esta computadora hasta que usted envíe el archivo.',
  'diagnostics.listing': 'Reuniendo lo que tendrá el archivo…',
  'diagnostics.files': 'El archivo tendrá:',
  'diagnostics.save': 'Guardar el zip',
  'diagnostics.saving': 'Creando el zip…',
  'diagnostics.saved': 'Guardado como {name}.',
  'diagnostics.close': 'Cerrar',
  'kind.manifest': 'Lista del contenido',
  'kind.versions': 'Versiones (app, Electron, Node, SQLite, sistema)',
  'kind.settings': 'Ajustes (sin secretos)',
  'kind.history': 'Historial: totales y verificación',
  'kind.store': 'Base de datos de la tienda: estado de sincronización',
  'kind.platform_calls': 'Últimas llamadas a la plataforma (método, ruta, estado, tiempo, id de solicitud)',
  'kind.log': 'Archivo de registro',
  'kind.crash_dump': 'Informe de fallo',
  'update.downloading': 'Descargando la actualización {version}…',
  'update.waiting': 'La actualización {version} está lista; espera a que termine {what}.',
  'update.ready': 'La actualización {version} está lista; se instala al cerrar el día o en el próximo inicio.',
  'update.installing': 'Instalando la actualización {version}…',
  'update.busy.sale': 'la venta en la terminal',
  'update.busy.print': 'la impresión en curso',
  'update.busy.dialog': 'el diálogo abierto',
  'update.refused': 'La versión {version} no arrancó; Counter volvió a {backTo} y no la ofrecerá de nuevo.',
  'update.notRestored': 'La versión {version} no arrancó y {backTo} no se pudo instalar de nuevo: reinstálela.',
};

export type HelpKey = keyof typeof en;

export const helpMessages: FeatureMessages<keyof typeof en> = { en, es };
