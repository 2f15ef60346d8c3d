import { DeclineReason } from '../../shared/platform/orders';
import { escapeXml } from '../../shared/receipt';

/** The device: its screen (phase, badges, what it holds, waits for and last did), its buttons, errors and event log. */
export function deviceMarkup(id: string, name: string): string {
  const reasons = DeclineReason.options.map((reason) => `<option value="${reason}">${reason.replace(/_/g, ' ')}</option>`).join('');
  return `<section class="device" aria-label="terminal">
  <div class="slot" title="paper slot"><div class="feed" id="feed"></div></div>
  <div class="screen">
    <h1>${escapeXml(name)}</h1>
    <div class="id">${escapeXml(id)}</div>
    <span class="phase" id="phase" data-testid="phase">…</span>
    <div class="badges" id="badges"></div>
    <div class="card pay" id="payment" hidden><b>Amount due</b><span class="amount" id="amount" data-testid="amount-due"></span><span id="payref"></span></div>
    <div class="card" id="held"><b>On the terminal</b><span>none</span></div>
    <div class="card" id="waiting"><b>Waiting</b><span>none</span></div>
    <div class="card" id="last"><b>Last</b><span>none</span></div>
    <div class="card" id="lastpay"><b>Last payment</b><span data-testid="last-payment">none</span></div>
    <div class="progress" id="progress" hidden><div></div></div>
  </div>
  <div class="buttons">
    <button id="refresh" type="button">Refresh</button>
    <button id="cancel" type="button">Cancel</button>
    <button id="paper" type="button">Paper out</button>
    <button id="online" type="button">Go offline</button>
    <button id="done" class="ok" type="button">Printed ✓</button>
    <button id="failed" class="bad" type="button">Failed ✗</button>
    <button id="approve" class="ok" type="button">Approved card</button>
    <button id="decline" class="bad" type="button">Declined card</button>
    <label class="mode">Decline reason <select id="reason">${reasons}</select></label>
    <button id="timeout" type="button">Time out</button>
    <button id="noanswer" type="button">No answer</button>
    <label class="mode">Pickup <select id="mode"><option value="auto">automatic</option><option value="manual">on refresh only</option></select></label>
    <label class="mode">Result <select id="completion"><option value="auto">reported automatically</option><option value="manual">by the buttons above</option></select></label>
  </div>
  <div class="error" id="error" role="status"></div>
  <div class="log" id="log"></div>
</section>`;
}

/** The paper roll: what the terminal printed, newest on top (filled in by the page's script). */
export const PAPER_ROLL_MARKUP = `<section class="roll" aria-label="paper roll">
  <h2>Paper roll <span id="count"></span></h2>
  <div id="roll"><p class="empty" id="empty">Nothing printed yet.</p></div>
</section>`;
