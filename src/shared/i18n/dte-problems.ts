import type { TextTable } from './text';

/**
 * What the DTE checker (src/shared/platform/dte.ts, spec 7.2 invalid_data_xml) says about an
 * invoice's XML. Element and tag names are the SII's own (TipoDTE, Folio…) and stay as written.
 * The XML parser's own explanation of a syntax error is English only, so the Spanish text gives the
 * line (the problem's `line`) instead of repeating it.
 */
export const DTE_PROBLEMS = {
  doctype: {
    en: 'a DTE must not contain a DOCTYPE declaration',
    es: 'un DTE no puede contener una declaración DOCTYPE',
  },
  not_well_formed: {
    en: 'the XML is not well formed: {detail}',
    es: 'el XML no está bien formado; revise las etiquetas de esa línea',
  },
  too_deep: {
    en: 'elements are nested {depth} levels deep; a DTE has at most {max}',
    es: 'los elementos están anidados {depth} niveles; un DTE tiene como máximo {max}',
  },
  unreadable: {
    en: 'the XML could not be read: {detail}',
    es: 'no se pudo leer el XML; revise su estructura',
  },
  root: {
    en: 'the root element must be DTE',
    es: 'el elemento raíz debe ser DTE',
  },
  document_type: {
    en: 'TipoDTE {value} is not a DTE document type ({types})',
    es: 'TipoDTE {value} no es un tipo de documento DTE ({types})',
  },
  folio: {
    en: 'Folio must be a positive integer',
    es: 'Folio debe ser un entero positivo',
  },
  stamp_differs: {
    en: 'the stamp\'s {tag} "{value}" differs from {header} "{expected}"',
    es: 'el {tag} del timbre «{value}» no coincide con {header} «{expected}»',
  },
  stamp_missing: {
    en: 'the TED element could not be located',
    es: 'no se encontró el elemento TED',
  },
  required: {
    en: '{tag} is required',
    es: '{tag} es obligatorio',
  },
  once: {
    en: '{tag} must appear once',
    es: '{tag} debe aparecer una sola vez',
  },
  elements: {
    en: '{tag} must contain elements',
    es: '{tag} debe contener elementos',
  },
  text: {
    en: '{tag} must hold text',
    es: '{tag} debe contener texto',
  },
  one_of: {
    en: 'one of {tags} is required',
    es: 'se requiere uno de {tags}',
  },
  integer: {
    en: '{tag} must be a non-negative integer, got "{value}"',
    es: '{tag} debe ser un entero no negativo, no «{value}»',
  },
  decimal: {
    en: '{tag} must be a non-negative number, got "{value}"',
    es: '{tag} debe ser un número no negativo, no «{value}»',
  },
  date: {
    en: '{tag} must be a date YYYY-MM-DD, got "{value}"',
    es: '{tag} debe ser una fecha AAAA-MM-DD, no «{value}»',
  },
  rut: {
    en: '{tag} "{value}" is not a valid RUT (digits, hyphen, modulo-11 check digit)',
    es: '{tag} «{value}» no es un RUT válido (dígitos, guion y dígito verificador módulo 11)',
  },
  no_detail: {
    en: 'at least one Detalle line is required',
    es: 'se requiere al menos una línea Detalle',
  },
  too_many_details: {
    en: 'at most {max} Detalle lines are allowed, got {count}',
    es: 'se permiten como máximo {max} líneas Detalle, no {count}',
  },
  /** Where a problem is, before its text: the element's path and, for syntax, the line. */
  at_line: {
    en: '{element} (line {line})',
    es: '{element} (línea {line})',
  },
} as const satisfies TextTable;

export type DteProblemText = keyof typeof DTE_PROBLEMS;
