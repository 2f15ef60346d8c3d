import type { TextTable } from './text';

/**
 * What the receipt checker (src/shared/receipt/parse.ts) says about custom content (spec 2.3, 7.2),
 * with the specific advice of each case. Slots are named so that none is a tag of the receipt
 * language: `{open}` and `{close}` are filled with tags, while `{b}`, `{br}`… in a text stay literal.
 */
export const RECEIPT_PROBLEMS = {
  unclosed: {
    en: '{open} is never closed; add {close}.',
    es: '{open} nunca se cierra; agregue {close}.',
  },
  unclosed_code: {
    en: "{open} is never closed; add {close} after the code's text.",
    es: '{open} nunca se cierra; agregue {close} después del texto del código.',
  },
  no_tag: {
    en: 'Custom content needs at least one tag: {tags}.',
    es: 'El contenido necesita al menos una etiqueta: {tags}.',
  },
  break_closed: {
    en: '{br} has no closing tag; remove {/br}.',
    es: '{br} no tiene etiqueta de cierre; quite {/br}.',
  },
  closing_not_open: {
    en: '{close} closes a {open} that is not open.',
    es: '{close} cierra una etiqueta {open} que no está abierta.',
  },
  crossed: {
    en: '{close} closes {open} while {inner} opened inside it is still open; close {innerClose} first.',
    es: '{close} cierra {open} mientras {inner}, abierta dentro de ella, sigue abierta; cierre primero {innerClose}.',
  },
  brace_not_tag: {
    en: '"{" does not start a tag; tags look like {b}…{/b}. The terminal prints it as typed.',
    es: '«{» no inicia una etiqueta; las etiquetas son como {b}…{/b}. La terminal lo imprime tal cual.',
  },
  not_a_tag: {
    en: '"{text}" is not a tag; tags are {tags}.',
    es: '«{text}» no es una etiqueta; las etiquetas son {tags}.',
  },
  lowercase: {
    en: 'Tags are lowercase: write {lower} instead of {typed}.',
    es: 'Las etiquetas van en minúsculas: escriba {lower} en lugar de {typed}.',
  },
  did_you_mean: {
    en: 'Unknown tag "{text}"; did you mean {suggestion}?',
    es: 'Etiqueta desconocida «{text}»; ¿quiso decir {suggestion}?',
  },
  no_right: {
    en: 'Right alignment is not supported; use {left} or {center}.',
    es: 'No se puede alinear a la derecha; use {left} o {center}.',
  },
  unknown_tag: {
    en: 'Unknown tag "{text}"; the terminal prints it as typed. Tags are {tags}.',
    es: 'Etiqueta desconocida «{text}»; la terminal la imprime tal cual. Las etiquetas son {tags}.',
  },
  empty_qr: {
    en: 'The QR code has nothing to encode; put text between {open} and {close}.',
    es: 'El código QR no tiene nada que codificar; escriba texto entre {open} y {close}.',
  },
  empty_pdf417: {
    en: 'The PDF417 code has nothing to encode; put text between {open} and {close}.',
    es: 'El código PDF417 no tiene nada que codificar; escriba texto entre {open} y {close}.',
  },
  nested_code: {
    en: 'Tags cannot be used inside {open}; {inner} would be encoded as text. Close {close} first.',
    es: 'No se pueden usar etiquetas dentro de {open}; {inner} se codificaría como texto. Cierre {close} primero.',
  },
  qr_too_long: {
    en: 'A QR code holds at most {max} bytes; this text is longer.',
    es: 'Un código QR admite como máximo {max} bytes; este texto es más largo.',
  },
  too_long: {
    en: 'Custom content is {length} characters including tags; the terminal accepts at most {max}.',
    es: 'El contenido tiene {length} caracteres con etiquetas; la terminal acepta como máximo {max}.',
  },
  too_short: {
    en: 'Custom content is {length} characters including tags; the terminal needs at least {min}.',
    es: 'El contenido tiene {length} caracteres con etiquetas; la terminal necesita al menos {min}.',
  },
} as const satisfies TextTable;

export type ReceiptProblemText = keyof typeof RECEIPT_PROBLEMS;
