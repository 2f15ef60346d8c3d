import type { FeatureMessages } from '../../i18n/common';

type StaffKey =
  | 'lock.title'
  | 'lock.lead'
  | 'lock.choose'
  | 'lock.pinFor'
  | 'lock.pin'
  | 'lock.signIn'
  | 'lock.back'
  | 'lock.lockedUntil'
  | 'lock.demo'
  | 'lock.demoPerson'
  | 'lock.keys'
  | 'pad.clear'
  | 'pad.erase'
  | 'setup.title'
  | 'setup.lead'
  | 'setup.name'
  | 'setup.pin'
  | 'setup.pinAgain'
  | 'setup.mismatch'
  | 'setup.submit'
  | 'badge.label'
  | 'badge.switch'
  | 'badge.lock'
  | 'role.owner'
  | 'role.manager'
  | 'role.cashier'
  | 'approve.title'
  | 'approve.lead'
  | 'approve.manager'
  | 'approve.pin'
  | 'approve.submit'
  | 'approve.cancel'
  | 'permission.refund'
  | 'permission.cancelOthers'
  | 'permission.reprint'
  | 'permission.priceOverride'
  | 'audit.title'
  | 'audit.lead'
  | 'audit.person'
  | 'audit.action'
  | 'audit.from'
  | 'audit.to'
  | 'audit.everyone'
  | 'audit.everything'
  | 'audit.at'
  | 'audit.who'
  | 'audit.approvedBy'
  | 'audit.counter'
  | 'audit.subject'
  | 'audit.detail'
  | 'audit.more'
  | 'audit.csv'
  | 'audit.empty'
  | 'manage.title'
  | 'manage.lead'
  | 'manage.idle'
  | 'manage.idleSave'
  | 'manage.name'
  | 'manage.role'
  | 'manage.pin'
  | 'manage.newPin'
  | 'manage.resetPin'
  | 'manage.add'
  | 'manage.saved'
  | 'manage.locked'
  | 'detail.terminalId'
  | 'detail.amount'
  | 'detail.subtype'
  | 'detail.olderThanDays'
  | 'detail.role'
  | 'detail.name'
  | 'detail.seconds'
  | 'detail.kind'
  | 'detail.environment'
  | 'detail.language'
  | 'detail.reason'
  | 'detail.number'
  | 'detail.countedCashCents'
  | 'detail.key'
  | 'detail.days'
  | 'detail.secondsValue'
  | 'detail.never'
  | 'detail.env.sandbox'
  | 'detail.env.production'
  | 'detail.kind.sale'
  | 'detail.kind.refund'
  | 'detail.missing'
  | 'detail.raw'
  | 'detail.demoStart';

/** The lock screen, the PIN pad, the signed-in badge, the approval dialog and the audit panel. */
export const staffMessages: FeatureMessages<StaffKey> = {
  en: {
    'lock.title': 'Counter is locked',
    'lock.lead': 'Amounts and customers are hidden until someone signs in.',
    'lock.choose': 'Who is at the counter?',
    'lock.pinFor': 'PIN for {name}',
    'lock.pin': 'PIN',
    'lock.signIn': 'Sign in',
    'lock.back': 'Someone else',
    'lock.lockedUntil': 'Locked out until {until}',
    'lock.demo': 'Sandbox demo: these people are ready to use.',
    'lock.demoPerson': '{name} ({role}): PIN {pin}',
    'lock.keys': 'Press a person’s number, type the PIN, then Enter. Alt+L locks the counter from any screen.',
    'pad.clear': 'Clear',
    'pad.erase': 'Erase one digit',
    'setup.title': 'Set up the owner',
    'setup.lead': 'Counter starts with its owner: the person who adds the staff and can reset anyone’s PIN.',
    'setup.name': 'Owner’s name',
    'setup.pin': 'PIN (4 to 8 digits)',
    'setup.pinAgain': 'The same PIN again',
    'setup.mismatch': 'The two PINs are not the same.',
    'setup.submit': 'Start Counter',
    'badge.label': 'Signed in',
    'badge.switch': 'Switch person',
    'badge.lock': 'Lock',
    'role.owner': 'Owner',
    'role.manager': 'Manager',
    'role.cashier': 'Cashier',
    'approve.title': 'A manager’s approval',
    'approve.lead': '{name} may not do this alone ({permission}). A manager can allow it once, here.',
    'approve.manager': 'Manager',
    'approve.pin': 'Manager’s PIN',
    'approve.submit': 'Approve',
    'approve.cancel': 'Cancel',
    'permission.refund': 'a refund',
    'permission.cancelOthers': 'cancelling someone else’s sale or print',
    'permission.reprint': 'another reprint',
    'permission.priceOverride': 'a price over the template',
    'audit.title': 'Who did what',
    'audit.lead': 'Every sale, refund, cancel, print, sign-in and change of set-up, newest first. Nothing here can be edited or deleted.',
    'audit.person': 'Person',
    'audit.action': 'Action',
    'audit.from': 'From',
    'audit.to': 'Until',
    'audit.everyone': 'Everyone',
    'audit.everything': 'Every action',
    'audit.at': 'When',
    'audit.who': 'Who',
    'audit.approvedBy': 'Approved by',
    'audit.counter': 'Counter',
    'audit.subject': 'On',
    'audit.detail': 'Details',
    'audit.more': 'Older entries',
    'audit.csv': 'Export CSV',
    'audit.empty': 'Nothing recorded for these filters.',
    'manage.title': 'Staff',
    'manage.lead': 'Who works the counter, their role and PIN. PINs are never shown; the owner sets a new one.',
    'manage.idle': 'Lock after this many seconds without use (0: never)',
    'manage.idleSave': 'Save',
    'manage.name': 'Name',
    'manage.role': 'Role',
    'manage.pin': 'PIN (4 to 8 digits)',
    'manage.newPin': 'New PIN for {name}',
    'manage.resetPin': 'Set PIN',
    'manage.add': 'Add person',
    'manage.saved': 'Saved.',
    'manage.locked': 'locked out',
    'detail.terminalId': 'Terminal',
    'detail.amount': 'Amount',
    'detail.subtype': 'Kind',
    'detail.olderThanDays': 'Older than',
    'detail.role': 'Role',
    'detail.name': 'Name',
    'detail.seconds': 'Idle lock',
    'detail.kind': 'Kind',
    'detail.environment': 'Platform',
    'detail.language': 'Language',
    'detail.reason': 'Reason',
    'detail.number': 'Number',
    'detail.countedCashCents': 'Counted cash',
    'detail.key': 'Difference',
    'detail.days': '{count} days',
    'detail.secondsValue': '{count} seconds',
    'detail.never': 'never',
    'detail.env.sandbox': 'Sandbox',
    'detail.env.production': 'Production',
    'detail.kind.sale': 'Sale',
    'detail.kind.refund': 'Refund',
    'detail.missing': 'Needed: {what}',
    'detail.raw': 'As recorded: {raw}',
    'detail.demoStart': 'Sandbox demo started',
  },
  es: {
    'lock.title': 'El mostrador está bloqueado',
    'lock.lead': 'Los importes y los clientes quedan ocultos hasta que alguien ingrese.',
    'lock.choose': '¿Quién atiende el mostrador?',
    'lock.pinFor': 'PIN de {name}',
    'lock.pin': 'Código PIN',
    'lock.signIn': 'Ingresar',
    'lock.back': 'Otra persona',
    'lock.lockedUntil': 'Bloqueado hasta las {until}',
    'lock.demo': 'Demostración del sandbox: estas personas están listas para usar.',
    'lock.demoPerson': '{name} ({role}), código {pin}',
    'lock.keys': 'Pulse el número de la persona, escriba el PIN y pulse Intro. Alt+L bloquea el mostrador desde cualquier pantalla.',
    'pad.clear': 'Borrar todo',
    'pad.erase': 'Borrar un dígito',
    'setup.title': 'Configure al dueño',
    'setup.lead': 'Counter empieza con su dueño: quien agrega al personal y puede restablecer el PIN de cualquiera.',
    'setup.name': 'Nombre del dueño',
    'setup.pin': 'PIN (de 4 a 8 dígitos)',
    'setup.pinAgain': 'El mismo PIN otra vez',
    'setup.mismatch': 'Los dos PIN no coinciden.',
    'setup.submit': 'Empezar Counter',
    'badge.label': 'Ingresó',
    'badge.switch': 'Cambiar de persona',
    'badge.lock': 'Bloquear',
    'role.owner': 'Dueño',
    'role.manager': 'Encargado',
    'role.cashier': 'Cajero',
    'approve.title': 'Aprobación de un encargado',
    'approve.lead': '{name} no puede hacer esto solo ({permission}). Un encargado puede permitirlo una vez, aquí.',
    'approve.manager': 'Encargado',
    'approve.pin': 'PIN del encargado',
    'approve.submit': 'Aprobar',
    'approve.cancel': 'Cancelar',
    'permission.refund': 'una devolución',
    'permission.cancelOthers': 'cancelar la venta o impresión de otra persona',
    'permission.reprint': 'otra reimpresión',
    'permission.priceOverride': 'un precio distinto del de la plantilla',
    'audit.title': 'Quién hizo qué',
    'audit.lead':
      'Cada venta, devolución, cancelación, impresión, ingreso y cambio de configuración, lo más nuevo primero. Nada de esto se puede editar ni borrar.',
    'audit.person': 'Persona',
    'audit.action': 'Acción',
    'audit.from': 'Desde',
    'audit.to': 'Hasta',
    'audit.everyone': 'Todos',
    'audit.everything': 'Todas las acciones',
    'audit.at': 'Cuándo',
    'audit.who': 'Quién',
    'audit.approvedBy': 'Aprobó',
    'audit.counter': 'Mostrador',
    'audit.subject': 'Sobre',
    'audit.detail': 'Detalles',
    'audit.more': 'Entradas anteriores',
    'audit.csv': 'Exportar CSV',
    'audit.empty': 'Nada registrado con estos filtros.',
    'manage.title': 'Personal',
    'manage.lead': 'Quién atiende el mostrador, su rol y su PIN. Los PIN nunca se muestran; el dueño asigna uno nuevo.',
    'manage.idle': 'Bloquear tras estos segundos sin uso (0: nunca)',
    'manage.idleSave': 'Guardar',
    'manage.name': 'Nombre',
    'manage.role': 'Rol',
    'manage.pin': 'Código PIN (de 4 a 8 dígitos)',
    'manage.newPin': 'Nuevo PIN para {name}',
    'manage.resetPin': 'Asignar PIN',
    'manage.add': 'Agregar persona',
    'manage.saved': 'Guardado.',
    'manage.locked': 'bloqueado',
    'detail.terminalId': 'Terminal',
    'detail.amount': 'Monto',
    'detail.subtype': 'Tipo',
    'detail.olderThanDays': 'Anteriores a',
    'detail.role': 'Rol',
    'detail.name': 'Nombre',
    'detail.seconds': 'Bloqueo por inactividad',
    'detail.kind': 'Tipo',
    'detail.environment': 'Plataforma',
    'detail.language': 'Idioma',
    'detail.reason': 'Motivo',
    'detail.number': 'Número',
    'detail.countedCashCents': 'Efectivo contado',
    'detail.key': 'Diferencia',
    'detail.days': '{count} días',
    'detail.secondsValue': '{count} segundos',
    'detail.never': 'nunca',
    'detail.env.sandbox': 'Sandbox',
    'detail.env.production': 'Producción',
    'detail.kind.sale': 'Venta',
    'detail.kind.refund': 'Devolución',
    'detail.missing': 'Hacía falta: {what}',
    'detail.raw': 'Tal como se registró: {raw}',
    'detail.demoStart': 'Inicio de la demo del sandbox',
  },
};
