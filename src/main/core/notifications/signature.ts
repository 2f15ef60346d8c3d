/** The webhook signature check: the shared WebCrypto implementation the sandbox also signs with. */
export { verifyWebhookSignature, type VerifyResult } from '../../../shared/platform/webhook-signature';
