import { issuesToCauses } from '../../shared/platform/preferences';
import { PAYER_EMAIL, paymentMethodMissing, PaymentCreateRequest } from '../../shared/platform/payments';
import { SandboxError } from '../errors';

/** The body of `POST /v1/payments`, its schema's causes and the method-or-token rule answered together. */
export function parsePaymentBody(body: unknown): PaymentCreateRequest {
  const plain = plainPaymentBody(body);
  if (plain !== undefined) return plain;
  const missing = paymentMethodMissing(body)
    ? [{ code: 'required_properties', description: 'payment_method_id is required', data: { property: 'payment_method_id' } }]
    : [];
  const result = PaymentCreateRequest.safeParse(body, { reportInput: true });
  if (result.success && missing.length === 0) return result.data;
  const causes = result.success ? [] : issuesToCauses(result.error.issues, 'body');
  throw new SandboxError(400, 'bad_request', 'invalid payment', [...causes, ...missing]);
}

const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/**
 * The usual body (an amount, a card token or a method, installments, a payer's e-mail) checked by hand: a
 * parse of it took a tenth of a payment's time. Anything else (an issuer, a URL, metadata, additional_info,
 * an identification, a value the schema would refuse or convert) is `undefined`, and goes through the schema.
 * The body itself is the answer: the schema's copy would hold the same values, and nothing keeps or changes it.
 */
export function plainPaymentBody(body: unknown): PaymentCreateRequest | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const input = body as Record<string, unknown>;
  const amount = input['transaction_amount'];
  if (typeof amount !== 'number' || !(amount > 0) || amount === Number.POSITIVE_INFINITY) return undefined;
  const installments = input['installments'];
  if (installments !== undefined && !(Number.isSafeInteger(installments) && (installments as number) >= 1)) return undefined;
  const method = input['payment_method_id'];
  const token = input['token'];
  if (method === undefined ? typeof token !== 'string' : typeof method !== 'string' || method === '' || !optionalString(token)) return undefined;
  if (!optionalString(input['description']) || !optionalString(input['external_reference'])) return undefined;
  const capture = input['capture'];
  if (capture !== undefined && typeof capture !== 'boolean') return undefined;
  if (input['issuer_id'] !== undefined || input['notification_url'] !== undefined) return undefined;
  if (input['metadata'] !== undefined || input['additional_info'] !== undefined) return undefined;
  const payer = input['payer'];
  if (typeof payer !== 'object' || payer === null || Array.isArray(payer)) return undefined;
  const { email, identification } = payer as Record<string, unknown>;
  if (typeof email !== 'string' || !PAYER_EMAIL.test(email) || identification !== undefined) return undefined;
  return body as PaymentCreateRequest;
}
