import { parseInput } from '../input';
import { CardTokenRequest } from './schemas';

const CARD_NUMBER = /^\d{12,19}$/;
const SECURITY_CODE = /^\d{3,4}$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const isIntegerIn = (value: unknown, min: number, max: number): boolean =>
  value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max);

/**
 * The body a card form sends (a new card's number, dates as numbers, code, cardholder), checked by hand:
 * that body is, as it is, what the schema would answer for it, so it is taken without building the
 * schema's copy. Undefined for anything else (dates as text, a saved card's id, any mistake), which the
 * schema reads.
 */
export function commonCardTokenRequest(body: unknown): CardTokenRequest | undefined {
  if (!isPlainObject(body)) return undefined;
  if (body['card_id'] !== undefined || !isOptionalString(body['customer_id'])) return undefined;
  const number = body['card_number'];
  if (number !== undefined && (typeof number !== 'string' || !CARD_NUMBER.test(number))) return undefined;
  const code = body['security_code'];
  if (code !== undefined && (typeof code !== 'string' || !SECURITY_CODE.test(code))) return undefined;
  if (!isIntegerIn(body['expiration_month'], 1, 12) || !isIntegerIn(body['expiration_year'], 2000, 2999)) return undefined;
  const holder = body['cardholder'];
  if (holder !== undefined) {
    if (!isPlainObject(holder) || !isOptionalString(holder['name'])) return undefined;
    const identification = holder['identification'];
    if (identification !== undefined) {
      if (!isPlainObject(identification) || !isOptionalString(identification['type']) || !isOptionalString(identification['number'])) return undefined;
    }
  }
  return body as CardTokenRequest;
}

/** The card token request of a body: the common shape as it is, anything else through its schema (a mistake answers 400). */
export function cardTokenRequestOf(body: unknown): CardTokenRequest {
  return commonCardTokenRequest(body) ?? parseInput(CardTokenRequest, body ?? {}, 'invalid card token');
}
