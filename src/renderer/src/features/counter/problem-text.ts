import type { Language } from '../../../../shared/ipc/channels/app';
import type { DteProblem } from '../../../../shared/platform/dte';
import type { ReceiptProblem, ReceiptProblemCode } from '../../../../shared/receipt';
import { fillMessage } from './format';

/**
 * Spanish for the receipt parser's problems. The parser writes English with specific advice ("did you
 * mean {b}?"), which English readers get as it is; Spanish readers get these, with the text at fault.
 */
const SPANISH: Readonly<Record<ReceiptProblemCode, string>> = {
  unknown_tag: '«{text}» no es una etiqueta; la terminal lo imprime tal cual. Etiquetas: {b} {w} {s} {br} {left} {center} {qr} {pdf417}.',
  unclosed_tag: '{text} nunca se cierra; agregue la etiqueta de cierre.',
  unexpected_closing_tag: '{text} cierra una etiqueta que no está abierta.',
  crossed_tags: '{text} cierra una etiqueta mientras otra abierta dentro de ella sigue abierta; ciérrelas en orden inverso.',
  empty_code: 'El código no tiene nada que codificar; escriba texto entre las etiquetas.',
  nested_code: 'No se pueden usar etiquetas dentro de {qr} o {pdf417}; {text} se codificaría como texto.',
  code_too_long: 'Un código QR admite como máximo 2331 bytes; este texto es más largo.',
  too_short: 'El contenido tiene {length} caracteres con etiquetas; la terminal necesita al menos 100.',
  too_long: 'El contenido tiene {length} caracteres con etiquetas; la terminal acepta como máximo 4096.',
  no_tag: 'El contenido necesita al menos una etiqueta: {b} {w} {s} {br} {left} {center} {qr} {pdf417}.',
};

export function receiptProblemText(problem: ReceiptProblem, content: string, language: Language): string {
  if (language === 'en') return problem.message;
  // Slot names that are not tags of the receipt language, so the listed tags stay literal.
  return fillMessage(SPANISH[problem.code], { text: content.slice(problem.start, problem.end).slice(0, 40), length: content.length });
}

/** The DTE checker speaks English; Spanish readers get the element at fault first, which needs no translation. */
export function dteProblemText(problem: DteProblem, language: Language): string {
  const where = problem.line === undefined ? problem.element : `${problem.element} (${language === 'es' ? 'línea' : 'line'} ${problem.line})`;
  return `${where}: ${problem.description}`;
}
