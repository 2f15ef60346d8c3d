import { safeStorage } from 'electron';
import type { SecretBox } from '../core/credentials/secret-box';

/**
 * The SecretBox port on Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux,
 * safeStorage falls back to `basic_text`, a fixed key that protects nothing: reported as unavailable,
 * so the core keeps secrets in memory unless the user accepts plaintext storage. Call after `ready`.
 */
export function createSafeStorageSecretBox(): SecretBox {
  const isEncryptionAvailable = (): boolean => {
    if (!safeStorage.isEncryptionAvailable()) return false;
    if (process.platform !== 'linux') return true;
    const backend = safeStorage.getSelectedStorageBackend();
    return backend !== 'basic_text' && backend !== 'unknown';
  };
  return {
    isEncryptionAvailable,
    encrypt: (plainText) => safeStorage.encryptString(plainText).toString('base64'),
    decrypt: (cipherTextBase64) => safeStorage.decryptString(Buffer.from(cipherTextBase64, 'base64')),
  };
}
