import type { Payment } from '../../shared/platform/payments';
import type { Preference } from '../../shared/platform/preferences';
import { escapeHtml, htmlDocument } from '../html-page';

/**
 * The sandbox's hosted checkout: the page init_point opens. Self-contained HTML (inline style, no script,
 * no external resource) so it works offline and in a locked-down browser; the buyer's choice is a plain
 * form post, which works without JavaScript.
 */

/** Sent with every page: nothing may load from elsewhere. form-action is left open because Chromium applies it to the redirect to back_urls. */
export const PAGE_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#1d2430}
main{max-width:520px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(20,30,50,.12);overflow:hidden}
header{background:#1f4e8c;color:#fff;padding:18px 24px}
header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;opacity:.85;font-size:13px}
.badge{display:inline-block;margin-left:8px;padding:1px 8px;border-radius:10px;background:#ffd866;color:#3a2f00;font-size:12px;vertical-align:middle}
section{padding:18px 24px}
table{width:100%;border-collapse:collapse}
td{padding:6px 0;border-bottom:1px solid #e6e9ee;vertical-align:top}
td.num{text-align:right;white-space:nowrap}
.muted{color:#5b6676;font-size:13px}
.total{display:flex;justify-content:space-between;font-size:18px;font-weight:600;padding-top:12px}
label{display:block;font-size:13px;color:#5b6676;margin-bottom:4px}
input[type=email]{width:100%;padding:9px 10px;border:1px solid #c5ccd6;border-radius:8px;font:inherit}
.actions{display:flex;gap:10px;margin-top:16px}
button{flex:1;padding:11px 8px;border:0;border-radius:8px;font:inherit;font-weight:600;color:#fff;cursor:pointer}
button.approve{background:#1e8e3e}button.pending{background:#b26a00}button.reject{background:#c5221f}
button:focus-visible{outline:3px solid #8ab4f8;outline-offset:2px}
.status{font-size:22px;font-weight:600;margin:0 0 6px}
.status.approved{color:#1e8e3e}.status.pending{color:#b26a00}.status.rejected{color:#c5221f}
a.back{display:inline-block;margin-top:14px;padding:10px 16px;background:#1f4e8c;color:#fff;border-radius:8px;text-decoration:none}
footer{padding:10px 24px 16px;font-size:12px;color:#7a8594}
`;

function layout(title: string, body: string): string {
  return htmlDocument(title, STYLE, `<main>\n${body}\n<footer>Counter sandbox checkout: a test page, no money moves.</footer>\n</main>`);
}

export interface CheckoutPageInput {
  preference: Preference;
  merchantName: string;
  sandbox: boolean;
  expired: boolean;
  payerEmail: string;
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { preference } = input;
  const currency = preference.items[0]?.currency_id ?? 'ARS';
  const total = preference.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
  const rows = preference.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.title)}<div class="muted">${item.quantity} × ${escapeHtml(money(item.unit_price, item.currency_id ?? currency))}</div></td>` +
        `<td class="num">${escapeHtml(money(item.quantity * item.unit_price, item.currency_id ?? currency))}</td></tr>`,
    )
    .join('\n');
  const action = `/checkout/pay/${encodeURIComponent(preference.id)}`;
  const form = input.expired
    ? '<p class="status rejected">This payment link has expired.</p><p class="muted">Ask the store for a new one.</p>'
    : `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="sandbox" value="${input.sandbox ? 'true' : 'false'}">
<label for="email">Buyer e-mail</label>
<input id="email" name="email" type="email" required value="${escapeHtml(input.payerEmail)}">
<div class="actions">
<button class="approve" type="submit" name="status" value="approved">Approve</button>
<button class="pending" type="submit" name="status" value="pending">Leave pending</button>
<button class="reject" type="submit" name="status" value="rejected">Reject</button>
</div>
</form>`;
  return layout(
    `Pay ${input.merchantName}`,
    `<header><h1>Pay ${escapeHtml(input.merchantName)}${input.sandbox ? '<span class="badge">Test mode</span>' : ''}</h1>
<p>Order ${escapeHtml(preference.external_reference ?? preference.id)}</p></header>
<section>
<table>${rows}</table>
<div class="total"><span>Total</span><span data-testid="total">${escapeHtml(money(total, currency))}</span></div>
</section>
<section>${form}</section>`,
  );
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  approved: 'Payment approved',
  pending: 'Payment pending',
  rejected: 'Payment rejected',
};

export function renderResultPage(input: { payment: Payment; merchantName: string; returnUrl: string | null }): string {
  const { payment } = input;
  const css = payment.status === 'approved' ? 'approved' : payment.status === 'rejected' ? 'rejected' : 'pending';
  const back =
    input.returnUrl === null
      ? '<p class="muted">You can close this page.</p>'
      : `<a class="back" href="${escapeHtml(input.returnUrl)}">Return to ${escapeHtml(input.merchantName)}</a>`;
  return layout(
    STATUS_TEXT[payment.status] ?? `Payment ${payment.status}`,
    `<header><h1>${escapeHtml(input.merchantName)}</h1></header>
<section>
<p class="status ${css}">${escapeHtml(STATUS_TEXT[payment.status] ?? `Payment ${payment.status}`)}</p>
<p class="muted">Payment ${payment.id} · ${escapeHtml(money(payment.transaction_amount, payment.currency_id))} · ${escapeHtml(payment.status_detail)}</p>
${back}
</section>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<header><h1>${escapeHtml(title)}</h1></header><section><p>${escapeHtml(message)}</p></section>`);
}
