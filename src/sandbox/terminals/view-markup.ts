import { DeclineReason } from '../../shared/platform/orders';
import { escapeXml } from '../../shared/receipt';
import { PAGE_TEXT, type PageLanguage } from './view-text';

/** The device: its screen (phase, badges, what it holds, waits for and last did), its buttons, errors and event log. */
export function deviceMarkup(id: string, name: string, language: PageLanguage = 'en'): string {
  const t = PAGE_TEXT[language];
  const reasons = DeclineReason.options.map((reason) => `<option value="${reason}">${reason.replace(/_/g, ' ')}</option>`).join('');
  return `<section class="device" aria-label="${t.device}">
  <div class="slot" title="${t.slot}"><div class="feed" id="feed"></div></div>
  <div class="screen">
    <h1>${escapeXml(name)}</h1>
    <div class="id">${escapeXml(id)}</div>
    <span class="phase" id="phase" data-testid="phase">…</span>
    <div class="badges" id="badges"></div>
    <div class="card pay" id="payment" hidden><b>${t.amountDue}</b><span class="amount" id="amount" data-testid="amount-due"></span><span id="payref"></span></div>
    <div class="card" id="held"><b>${t.held}</b><span>${t.none}</span></div>
    <div class="card" id="waiting"><b>${t.waiting}</b><span>${t.none}</span></div>
    <div class="card" id="last"><b>${t.last}</b><span>${t.none}</span></div>
    <div class="card" id="lastpay"><b>${t.lastPayment}</b><span data-testid="last-payment">${t.none}</span></div>
    <div class="progress" id="progress" hidden><div></div></div>
  </div>
  <div class="buttons">
    <button id="refresh" type="button">${t.refresh}</button>
    <button id="cancel" type="button">${t.cancel}</button>
    <button id="paper" type="button">${t.paperOut}</button>
    <button id="online" type="button">${t.goOffline}</button>
    <button id="done" class="ok" type="button">${t.printed}</button>
    <button id="failed" class="bad" type="button">${t.failed}</button>
    <button id="approve" class="ok" type="button">${t.approve}</button>
    <button id="decline" class="bad" type="button">${t.decline}</button>
    <label class="mode">${t.declineReason} <select id="reason">${reasons}</select></label>
    <button id="timeout" type="button">${t.timeout}</button>
    <button id="noanswer" type="button">${t.noAnswer}</button>
    <label class="mode">${t.pickup} <select id="mode"><option value="auto">${t.pickupAuto}</option><option value="manual">${t.pickupManual}</option></select></label>
    <label class="mode">${t.result} <select id="completion"><option value="auto">${t.resultAuto}</option><option value="manual">${t.resultManual}</option></select></label>
  </div>
  <div class="error" id="error" role="status"></div>
  <div class="log" id="log"></div>
</section>`;
}

/** The paper roll: what the terminal printed, newest on top (filled in by the page's script). */
export function paperRollMarkup(language: PageLanguage = 'en'): string {
  const t = PAGE_TEXT[language];
  return `<section class="roll" aria-label="${t.roll}">
  <h2>${t.roll} <span id="count"></span></h2>
  <div id="roll"><p class="empty" id="empty">${t.rollEmpty}</p></div>
</section>`;
}
