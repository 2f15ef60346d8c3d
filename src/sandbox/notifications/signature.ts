/**
 * The sandbox signs webhooks with the one shared implementation the app verifies with
 * (src/shared/platform/webhook-signature.ts), so the two cannot drift apart.
 */
export { signatureHeader, signManifest, verifyWebhookSignature, type VerifyInput, type VerifyResult } from '../../shared/platform/webhook-signature';
