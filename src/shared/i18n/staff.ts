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
