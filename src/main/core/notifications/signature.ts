/**
 * The webhook signature check (platform-notes "Notifications"). The sandbox's verifier is Node-only and
 * holds no sandbox state, so main uses that one implementation rather than a second copy of the HMAC.
 */
export { verifyWebhookSignature, type VerifyResult } from '../../../sandbox/notifications/signature';
