/**
 * The SecretBox port: OS-backed encryption of secrets at rest (Electron's safeStorage in the app,
 * src/main/electron/secret-box.ts). Ciphertext travels as base64 so the KeyValueStore can hold it.
 */
export interface SecretBox {
  /** False where the OS offers no real key store (Linux without a keyring): secrets then stay in memory. */
  isEncryptionAvailable(): boolean;
  /** Base64 ciphertext. Throws when encryption is not available. */
  encrypt(plainText: string): string;
  /** Throws when the ciphertext cannot be opened (another machine, a reset key store). */
  decrypt(cipherTextBase64: string): string;
}

/** The default where no real box is wired (Node tests, the browser host): it says so, and encrypts nothing. */
export function createUnavailableSecretBox(): SecretBox {
  const refuse = (): never => {
    throw new Error('encryption is not available on this system');
  };
  return { isEncryptionAvailable: () => false, encrypt: refuse, decrypt: refuse };
}
