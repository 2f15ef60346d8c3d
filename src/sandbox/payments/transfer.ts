import pngjs from 'pngjs';
import { encodeSymbol } from '../../shared/receipt/symbols';

/**
 * What a buyer needs to pay a pending pix transfer or a ticket: the code to copy or scan (an EMV
 * "copia e cola" payload naming the sandbox), its QR as a PNG, and the page that shows both.
 */

const PIXELS_PER_MODULE = 4;
const QUIET_ZONE_MODULES = 4;

const field = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE, the checksum the EMV QR payload ends with. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function pixCode(paymentId: number, amount: number): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', `sandbox-${paymentId}`);
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', 'COUNTER SANDBOX') +
    field('60', 'SAO PAULO') +
    field('62', field('05', String(paymentId)));
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16(withCrcHeader);
}

/** The QR of `data` as a base64 PNG, black modules on white with the standard quiet zone. */
export function qrPngBase64(data: string): string | null {
  const encoded = encodeSymbol('qr', data, 1_000);
  if (!encoded.ok) return null;
  const { widthModules, heightModules, modules } = encoded.symbol;
  const side = (Math.max(widthModules, heightModules) + 2 * QUIET_ZONE_MODULES) * PIXELS_PER_MODULE;
  const png = new pngjs.PNG({ width: side, height: side });
  png.data.fill(255);
  for (let y = 0; y < heightModules; y++) {
    for (let x = 0; x < widthModules; x++) {
      if (modules[y * widthModules + x] !== 1) continue;
      for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
        for (let dx = 0; dx < PIXELS_PER_MODULE; dx++) {
          const px = (x + QUIET_ZONE_MODULES) * PIXELS_PER_MODULE + dx;
          const py = (y + QUIET_ZONE_MODULES) * PIXELS_PER_MODULE + dy;
          const offset = (py * side + px) * 4;
          png.data[offset] = 0;
          png.data[offset + 1] = 0;
          png.data[offset + 2] = 0;
        }
      }
    }
  }
  return pngjs.PNG.sync.write(png).toString('base64');
}

export function ticketUrl(baseUrl: string, paymentId: number): string {
  return `${baseUrl}/payments/${paymentId}/ticket`;
}
