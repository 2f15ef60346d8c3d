/**
 * What each site offers, as the platform's public catalogues list it: the payment methods
 * (`GET /v1/payment_methods`), the identification types (`GET /v1/identification_types`) and the
 * documented test cards. Sites the sandbox does not describe answer as MLA.
 */

export interface MethodSpec {
  readonly id: string;
  readonly name: string;
  readonly payment_type_id: string;
  /** Card number prefixes of the brand; empty for methods that are not cards. */
  readonly bins: readonly string[];
  readonly securityCodeLength: number;
  readonly issuer: { readonly id: number; readonly name: string };
  readonly min: number;
  readonly max: number;
  readonly accreditationMinutes: number;
}

const card = (id: string, name: string, type: 'credit_card' | 'debit_card', bins: string[], issuer: [number, string], codeLength = 3): MethodSpec => ({
  id,
  name,
  payment_type_id: type,
  bins,
  securityCodeLength: codeLength,
  issuer: { id: issuer[0], name: issuer[1] },
  min: 0.5,
  max: 1_000_000,
  accreditationMinutes: 2880,
});
const other = (id: string, name: string, type: string, accreditationMinutes: number): MethodSpec => ({
  id,
  name,
  payment_type_id: type,
  bins: [],
  securityCodeLength: 0,
  issuer: { id: 0, name: name },
  min: 1,
  max: 100_000,
  accreditationMinutes,
});

const METHODS: Readonly<Record<string, readonly MethodSpec[]>> = {
  MLA: [
    card('visa', 'Visa', 'credit_card', ['4'], [310, 'Visa']),
    card('master', 'Mastercard', 'credit_card', ['5', '2'], [3, 'Mastercard']),
    card('amex', 'American Express', 'credit_card', ['34', '37'], [311, 'American Express'], 4),
    card('debvisa', 'Visa Débito', 'debit_card', ['4002'], [310, 'Visa']),
    card('debmaster', 'Mastercard Débito', 'debit_card', ['5287'], [3, 'Mastercard']),
    other('rapipago', 'Rapipago', 'ticket', 60),
    other('pagofacil', 'Pago Fácil', 'ticket', 60),
    other('account_money', 'Dinero en cuenta', 'account_money', 0),
  ],
  MLB: [
    card('visa', 'Visa', 'credit_card', ['4'], [25, 'Visa']),
    card('master', 'Mastercard', 'credit_card', ['5', '2'], [24, 'Mastercard']),
    card('amex', 'American Express', 'credit_card', ['34', '37'], [26, 'American Express'], 4),
    card('elo', 'Elo', 'credit_card', ['5066', '6362', '4389'], [687, 'Elo']),
    card('hipercard', 'Hipercard', 'credit_card', ['6062'], [688, 'Hipercard']),
    card('debelo', 'Elo Débito', 'debit_card', ['5067'], [687, 'Elo']),
    other('pix', 'PIX', 'bank_transfer', 0),
    other('bolbradesco', 'Boleto', 'ticket', 1440),
    other('pec', 'Pagamento na lotérica sem boleto', 'ticket', 1440),
    other('account_money', 'Saldo em conta', 'account_money', 0),
  ],
  MLM: [
    card('visa', 'Visa', 'credit_card', ['4'], [162, 'Visa']),
    card('master', 'Mastercard', 'credit_card', ['5', '2'], [157, 'Mastercard']),
    card('debvisa', 'Visa Débito', 'debit_card', ['4189'], [162, 'Visa']),
    card('debmaster', 'Mastercard Débito', 'debit_card', ['5579'], [157, 'Mastercard']),
    other('oxxo', 'OXXO', 'ticket', 60),
    other('account_money', 'Dinero en cuenta', 'account_money', 0),
  ],
};

export interface IdentificationTypeSpec {
  readonly id: string;
  readonly name: string;
  readonly type: 'number' | 'string';
  readonly min_length: number;
  readonly max_length: number;
}

const IDENTIFICATION_TYPES: Readonly<Record<string, readonly IdentificationTypeSpec[]>> = {
  MLA: [
    { id: 'DNI', name: 'DNI', type: 'number', min_length: 7, max_length: 8 },
    { id: 'CI', name: 'Cédula', type: 'number', min_length: 1, max_length: 9 },
    { id: 'LC', name: 'L.C.', type: 'number', min_length: 6, max_length: 7 },
    { id: 'LE', name: 'L.E.', type: 'number', min_length: 6, max_length: 7 },
    { id: 'Otro', name: 'Otro', type: 'number', min_length: 5, max_length: 20 },
  ],
  MLB: [
    { id: 'CPF', name: 'CPF', type: 'number', min_length: 11, max_length: 11 },
    { id: 'CNPJ', name: 'CNPJ', type: 'number', min_length: 14, max_length: 14 },
  ],
  MLM: [],
};

export const methodsOf = (site: string): readonly MethodSpec[] => METHODS[site] ?? METHODS['MLA'] ?? [];
export const identificationTypesOf = (site: string): readonly IdentificationTypeSpec[] => IDENTIFICATION_TYPES[site] ?? IDENTIFICATION_TYPES['MLA'] ?? [];

/** The card brand of a number on the site: the longest matching prefix among its card methods, credit before debit. */
export function cardMethodOf(site: string, cardNumber: string): MethodSpec | undefined {
  let best: MethodSpec | undefined;
  let bestLength = 0;
  for (const method of methodsOf(site)) {
    for (const bin of method.bins) {
      if (cardNumber.startsWith(bin) && bin.length > bestLength) {
        best = method;
        bestLength = bin.length;
      }
    }
  }
  return best;
}

/** The answer of `GET /v1/payment_methods` for one method. */
export function paymentMethodView(method: MethodSpec) {
  const thumbnail = `https://www.mercadopago.com/org-img/MP3/API/logos/${method.id}.gif`;
  return {
    id: method.id,
    name: method.name,
    payment_type_id: method.payment_type_id,
    status: 'active',
    secure_thumbnail: thumbnail,
    thumbnail,
    deferred_capture: method.bins.length > 0 ? 'supported' : 'does_not_apply',
    settings:
      method.bins.length === 0
        ? []
        : [
            {
              card_number: { validation: 'standard', length: method.securityCodeLength === 4 ? 15 : 16 },
              bin: { pattern: `^(${method.bins.join('|')})`, installments_pattern: `^(${method.bins.join('|')})`, exclusion_pattern: null },
              security_code: { length: method.securityCodeLength, card_location: method.securityCodeLength === 4 ? 'front' : 'back', mode: 'mandatory' },
            },
          ],
    additional_info_needed: method.bins.length === 0 ? [] : ['cardholder_name', 'cardholder_identification_type', 'cardholder_identification_number'],
    min_allowed_amount: method.min,
    max_allowed_amount: method.max,
    accreditation_time: method.accreditationMinutes,
    financial_institutions: [],
    processing_modes: ['aggregator'],
  };
}

/** Luhn's check digit, which every card number the platform accepts satisfies. */
export function luhnValid(cardNumber: string): boolean {
  let sum = 0;
  for (let index = 0; index < cardNumber.length; index++) {
    // The digit's value from its character code: no one-character string per digit.
    let digit = cardNumber.charCodeAt(cardNumber.length - 1 - index) - 48;
    if (digit < 0 || digit > 9) return false;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return cardNumber.length >= 12 && sum % 10 === 0;
}
