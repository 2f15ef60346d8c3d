import type { Language } from '../../../../shared/ipc/channels/app';

/** A receipt that uses every tag and placeholder once, to start from and to learn the language by. */
export const EXAMPLE_RECEIPTS: Readonly<Record<Language, string>> = {
  es: [
    '{center}{w}{b}LA ESQUINA{/b}{/w}',
    'Av. Providencia 1234, Santiago{/center}',
    '{s}RUT 76.123.456-0 · Terminal {{terminal}}{/s}',
    '--------------------------------',
    'Fecha {{date}}           {{time}}',
    '2 x Café con leche        $5.000',
    '1 x Medialuna             $1.200',
    '--------------------------------',
    '{b}TOTAL                     $6.200{/b}{br}',
    '{left}Ref. {{external_reference}}{/left}',
    '{center}{qr}https://counter.example/r/{{external_reference}}{/qr}',
    '¡Gracias por su compra!{/center}',
    '{pdf417}{{external_reference}}{/pdf417}',
  ].join('\n'),
  en: [
    '{center}{w}{b}THE CORNER{/b}{/w}',
    '1234 Main Street, Springfield{/center}',
    '{s}Tax ID 76.123.456-0 · Terminal {{terminal}}{/s}',
    '--------------------------------',
    'Date {{date}}            {{time}}',
    '2 x Latte                  $9.00',
    '1 x Croissant              $3.50',
    '--------------------------------',
    '{b}TOTAL                     $12.50{/b}{br}',
    '{left}Ref. {{external_reference}}{/left}',
    '{center}{qr}https://counter.example/r/{{external_reference}}{/qr}',
    'Thank you for your purchase!{/center}',
    '{pdf417}{{external_reference}}{/pdf417}',
  ].join('\n'),
};
