import type { DifferenceKind, Tender } from '../ipc/channels/day';
import type { TextTable } from './text';

/** The day's own refusals (core/day), in the failure catalogue. */
export const DAY_FAILURES = {
  shift_already_open: {
    en: 'This counter already has an open shift. Close it before opening another.',
    es: 'Este mostrador ya tiene un turno abierto. Ciérrelo antes de abrir otro.',
  },
  shift_not_found: { en: 'That shift does not exist on this counter.', es: 'Ese turno no existe en este mostrador.' },
  shift_not_open: { en: 'That shift is already closed: its Z report is final.', es: 'Ese turno ya está cerrado: su informe Z es definitivo.' },
  z_not_found: { en: 'There is no Z report with that number.', es: 'No hay un informe Z con ese número.' },
  store_day_unavailable: {
    en: 'The whole store’s day needs the store database: turn it on in Settings → Store database, or wait until it answers again.',
    es: 'El día de toda la tienda necesita la base de la tienda: actívela en Ajustes → Base de datos de la tienda, o espere a que vuelva a responder.',
  },
  store_day_empty: {
    en: 'No counter has closed a shift today: the store’s Z report has nothing to add up yet.',
    es: 'Ningún mostrador cerró un turno hoy: el informe Z de la tienda todavía no tiene nada que sumar.',
  },
  day_unavailable: {
    en: 'Counter cannot open its history on disk right now, so the day cannot be read. Check free space and permissions, then try again.',
    es: 'Counter no puede abrir ahora su historial en el disco, así que no puede leer el día. Revise el espacio libre y los permisos, e intente de nuevo.',
  },
} as const satisfies TextTable;

export const TENDER_NAMES: TextTable<Tender> = {
  card: { en: 'Card on terminal', es: 'Tarjeta en terminal' },
  link: { en: 'Link or QR', es: 'Enlace o QR' },
  cash: { en: 'Cash', es: 'Efectivo' },
  other: { en: 'Other', es: 'Otro' },
};

/** What each kind of difference is, and what to do about it. */
export const DIFFERENCE_TEXTS: TextTable<DifferenceKind | `${DifferenceKind}.action`> = {
  paid_unknown: { en: 'Paid on the platform, unknown to Counter', es: 'Pagado en la plataforma, desconocido para Counter' },
  'paid_unknown.action': {
    en: 'A sale made elsewhere, or one whose answer never reached Counter. Find the customer’s sale; if it was charged here, record it; if not, check who used the account.',
    es: 'Una venta hecha en otro lugar, o una cuya respuesta nunca llegó a Counter. Busque la venta del cliente; si se cobró aquí, regístrela; si no, averigüe quién usó la cuenta.',
  },
  not_paid: { en: 'In Counter, not paid on the platform', es: 'En Counter, sin pago en la plataforma' },
  'not_paid.action': {
    en: 'Counter shows this sale as paid but the platform has no payment for it. Do not hand over goods again; check the terminal’s slip and the platform’s activity.',
    es: 'Counter muestra la venta como pagada pero la plataforma no tiene un pago. No vuelva a entregar mercadería; revise el comprobante de la terminal y la actividad de la plataforma.',
  },
  amount_differs: { en: 'Amounts differ', es: 'Los importes no coinciden' },
  'amount_differs.action': {
    en: 'The platform charged another amount than Counter recorded. Compare the slip with the sale, and refund or charge the difference.',
    es: 'La plataforma cobró otro importe que el que registró Counter. Compare el comprobante con la venta y devuelva o cobre la diferencia.',
  },
  refund_differs: { en: 'Refunds differ', es: 'Las devoluciones no coinciden' },
  'refund_differs.action': {
    en: 'The platform refunded another amount than Counter recorded. Check who refunded and record it.',
    es: 'La plataforma devolvió otro importe que el que registró Counter. Averigüe quién hizo la devolución y regístrela.',
  },
};

/** The words on the X and Z papers and their exports. */
export const REPORT_TEXTS = {
  zTitle: { en: 'Z REPORT', es: 'INFORME Z' },
  xTitle: { en: 'X REPORT', es: 'INFORME X' },
  number: { en: 'No.', es: 'N.º' },
  counter: { en: 'Counter', es: 'Mostrador' },
  person: { en: 'Person', es: 'Persona' },
  opened: { en: 'Opened', es: 'Apertura' },
  closed: { en: 'Closed', es: 'Cierre' },
  tenders: { en: 'BY TENDER', es: 'POR MEDIO DE PAGO' },
  terminals: { en: 'BY TERMINAL', es: 'POR TERMINAL' },
  people: { en: 'BY PERSON', es: 'POR PERSONA' },
  total: { en: 'NET TOTAL', es: 'TOTAL NETO' },
  sales: { en: 'Sales', es: 'Ventas' },
  refunds: { en: 'Refunds', es: 'Devoluciones' },
  cancels: { en: 'Cancels', es: 'Cancelaciones' },
  net: { en: 'Net', es: 'Neto' },
  float: { en: 'Float', es: 'Fondo' },
  expectedCash: { en: 'Expected cash', es: 'Efectivo esperado' },
  countedCash: { en: 'Counted cash', es: 'Efectivo contado' },
  printsMade: { en: 'Prints made', es: 'Impresiones hechas' },
  printsFailed: { en: 'Prints failed', es: 'Impresiones fallidas' },
  firstSale: { en: 'First sale', es: 'Primera venta' },
  lastSale: { en: 'Last sale', es: 'Última venta' },
  noTerminal: { en: 'No terminal', es: 'Sin terminal' },
  nobody: { en: 'Not named', es: 'Sin nombre' },
  final: { en: 'Final: this report cannot change.', es: 'Definitivo: este informe no puede cambiar.' },
  reprint: { en: 'REPRINT', es: 'REIMPRESIÓN' },
  cashOver: { en: 'Cash over', es: 'Sobrante de caja' },
  cashShort: { en: 'Cash short', es: 'Faltante de caja' },
  cashEven: { en: 'Cash even', es: 'Caja cuadrada' },
  storeZTitle: { en: 'STORE Z REPORT', es: 'INFORME Z DE LA TIENDA' },
  store: { en: 'Store', es: 'Tienda' },
  zReports: { en: 'Z reports', es: 'Informes Z' },
} as const satisfies TextTable;

/** The counted cash's difference as one line's label, by its kind. */
export const CASH_DIFFERENCE_WORDS = { over: 'cashOver', short: 'cashShort', even: 'cashEven' } as const;
