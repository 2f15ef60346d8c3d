import { describe, expect, it } from 'vitest';
import { isVettedExternalUrl } from './external-links';

describe('external links the app will open in the system browser', () => {
  it.each([
    'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=1',
    'https://auth.mercadopago.com/authorization?client_id=1',
    'http://127.0.0.1:3333/__sandbox/terminals/X/view',
  ])('opens %s', (url) => expect(isVettedExternalUrl(url)).toBe(true));

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://mercadopago.com.evil.example/',
    'https://evil.example/?mercadopago.com',
    'https://notmercadopago.com/',
    'https://user:pass@www.mercadopago.com/',
    'http://www.mercadopago.com/',
    'not a url',
  ])('refuses %s', (url) => expect(isVettedExternalUrl(url)).toBe(false));
});
