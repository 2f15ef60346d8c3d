import type { TextTable } from './text';

export type StaffFailure =
  'forbidden' | 'signed_out' | 'wrong_pin' | 'pin_locked' | 'approval_invalid' | 'owner_exists' | 'person_unknown' | 'staff_unavailable';

/** Why main refused a call for who is (or is not) signed in. */
export const STAFF_FAILURES: TextTable<StaffFailure> = {
  forbidden: {
    en: '{name} may not do this ({permission}).',
    es: '{name} no puede hacer esto ({permission}).',
  },
  signed_out: {
    en: 'The counter is locked. Sign in with your PIN first.',
    es: 'El mostrador está bloqueado. Primero ingrese con su PIN.',
  },
  wrong_pin: {
    en: 'That PIN is not right. {left} tries left before a pause.',
    es: 'Ese PIN no es correcto. Quedan {left} intentos antes de una pausa.',
  },
  pin_locked: {
    en: 'Too many wrong PINs: {name} must wait a while before trying again.',
    es: 'Demasiados PIN incorrectos: {name} debe esperar un rato antes de volver a intentarlo.',
  },
  approval_invalid: {
    en: "The manager's approval is not valid for this (used, expired, or for something else). Ask again.",
    es: 'La aprobación del encargado no vale para esto (ya usada, vencida o para otra cosa). Pídala de nuevo.',
  },
  owner_exists: {
    en: 'The owner is already set up.',
    es: 'El dueño ya está configurado.',
  },
  person_unknown: {
    en: 'That person is not on the staff list.',
    es: 'Esa persona no está en la lista del personal.',
  },
  staff_unavailable: {
    en: "The staff list could not be read from this counter's database.",
    es: 'No se pudo leer la lista del personal de la base de datos de este mostrador.',
  },
};

/** What the audit trail's actions are called on screen (the CSV keeps the codes). */
export const AUDIT_ACTIONS: TextTable = {
  'staff.signIn': { en: 'Signed in', es: 'Ingresó' },
  'staff.signInFailed': { en: 'Wrong PIN', es: 'PIN incorrecto' },
  'staff.approve': { en: 'Approval given', es: 'Aprobación dada' },
  'staff.approveFailed': { en: 'Approval: wrong PIN', es: 'Aprobación: PIN incorrecto' },
  'staff.lock': { en: 'Locked the counter', es: 'Bloqueó el mostrador' },
  'staff.setUpOwner': { en: 'Owner set up', es: 'Dueño configurado' },
  'staff.save': { en: 'Staff changed', es: 'Personal modificado' },
  'staff.resetPin': { en: 'PIN reset', es: 'PIN restablecido' },
  'staff.setIdleLock': { en: 'Idle lock changed', es: 'Bloqueo por inactividad cambiado' },
  refused: { en: 'Refused', es: 'Rechazado' },
  'settings.update': { en: 'Settings changed', es: 'Ajustes modificados' },
  'setup.testPrint': { en: 'Set-up test print', es: 'Impresión de prueba de la configuración' },
  'credentials.setProduction': { en: 'Production credentials set', es: 'Credenciales de producción' },
  'credentials.verify': { en: 'Credentials checked', es: 'Credenciales verificadas' },
  'credentials.signIn': { en: 'Platform sign-in', es: 'Ingreso a la plataforma' },
  'credentials.cancelSignIn': { en: 'Platform sign-in cancelled', es: 'Ingreso a la plataforma cancelado' },
  'credentials.signOut': { en: 'Platform sign-out', es: 'Salida de la plataforma' },
  'credentials.allowPlaintext': { en: 'Secrets kept unencrypted', es: 'Secretos guardados sin cifrar' },
  'prints.enqueue': { en: 'Print', es: 'Impresión' },
  'prints.cancel': { en: 'Print cancelled', es: 'Impresión cancelada' },
  'prints.prune': { en: 'History pruned', es: 'Historial depurado' },
  'prints.retry': { en: 'Print tried again', es: 'Impresión reintentada' },
  'prints.giveUp': { en: 'Print given up', es: 'Impresión abandonada' },
  'prints.reprint': { en: 'Reprint', es: 'Reimpresión' },
  'prints.export': { en: 'History exported', es: 'Historial exportado' },
  'templates.save': { en: 'Template saved', es: 'Plantilla guardada' },
  'templates.delete': { en: 'Template deleted', es: 'Plantilla eliminada' },
  'checkout.createPreference': { en: 'Payment link', es: 'Enlace de pago' },
  'terminalSales.charge': { en: 'Charge', es: 'Cobro' },
  'terminalSales.cancel': { en: 'Charge cancelled', es: 'Cobro cancelado' },
  'terminalSales.refund': { en: 'Refund', es: 'Devolución' },
  'terminalSales.resolve': { en: 'Unconfirmed charge settled', es: 'Cobro sin confirmar resuelto' },
  'store.setPassword': { en: 'Store database password', es: 'Contraseña de la base de la tienda' },
  'store.test': { en: 'Store database tested', es: 'Base de la tienda probada' },
  'store.export': { en: 'Store history exported', es: 'Historial de la tienda exportado' },
  'store.command': { en: 'Another counter’s print', es: 'Impresión de otro mostrador' },
  'saleReceipt.save': { en: 'Store receipt saved', es: 'Recibo de la tienda guardado' },
  'audit.export': { en: 'Audit trail exported', es: 'Registro exportado' },
  'diagnostics.build': { en: 'Diagnostics saved', es: 'Diagnóstico guardado' },
  'store.retrySetAside': { en: 'Refused store entries sent again', es: 'Entradas rechazadas reenviadas' },
  'day.openShift': { en: 'Shift opened', es: 'Turno abierto' },
  'day.recordSale': { en: 'Cash or other sale', es: 'Venta en efectivo u otra' },
  'day.xReport': { en: 'X report', es: 'Informe X' },
  'day.closeShift': { en: 'Shift closed (Z report)', es: 'Turno cerrado (informe Z)' },
  'day.reprintZ': { en: 'Z report reprinted', es: 'Informe Z reimpreso' },
  'day.exportZ': { en: 'Z report exported', es: 'Informe Z exportado' },
  'day.reconcile': { en: 'Reconciled with the platform', es: 'Conciliado con la plataforma' },
  'day.explain': { en: 'Difference explained', es: 'Diferencia explicada' },
  'day.printStoreZ': { en: 'Store Z report printed', es: 'Informe Z de la tienda impreso' },
  'backlog.decide': { en: 'Late prints decided', es: 'Impresiones atrasadas decididas' },
};
