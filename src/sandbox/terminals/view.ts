import { DeclineReason } from '../../shared/platform/orders';
import { escapeXml } from '../../shared/receipt';
import { CHARGING_ORDER_STATUSES } from '../orders/lifecycle';

/**
 * The terminal's page: the device (status, held action, buttons) and its paper roll, kept live by
 * polling the control API twice a second. Self-contained (inline CSS and JS, no external resource),
 * so it works offline and under the strict CSP the route sends.
 */
export function terminalPage(id: string, name: string): string {
  // JSON inside a <script>: "<" is escaped so no content can close the script element.
  const config = JSON.stringify({ id, base: `/__sandbox/terminals/${encodeURIComponent(id)}`, charging: CHARGING_ORDER_STATUSES }).replace(/</g, '\\u003c');
  const reasons = DeclineReason.options.map((reason) => `<option value="${reason}">${reason.replace(/_/g, ' ')}</option>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(name)} · ${escapeXml(id)} · virtual terminal</title>
<style>
  :root { font-family: system-ui, sans-serif; color: #1d2330; background: #e9ecf1; }
  body { margin: 0; padding: 24px; display: flex; gap: 32px; align-items: flex-start; flex-wrap: wrap; }
  .device { width: 320px; background: #20242c; border-radius: 28px; padding: 18px; box-shadow: 0 10px 30px #0004; color: #eef; }
  .slot { height: 10px; background: #0b0d11; border-radius: 5px; margin: 0 24px 14px; overflow: hidden; position: relative; }
  .slot .feed { position: absolute; left: 0; top: 0; bottom: 0; width: 0; background: #fff; transition: width .2s linear; }
  .screen { background: #f6f8fb; color: #1d2330; border-radius: 12px; padding: 14px; min-height: 250px; }
  .screen h1 { font-size: 16px; margin: 0; }
  .screen .id { font: 12px ui-monospace, monospace; color: #667; margin-bottom: 10px; }
  .phase { display: inline-block; padding: 3px 10px; border-radius: 999px; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
  .phase-idle { background: #dfe7f1; color: #345; }
  .phase-waiting_pickup { background: #fff1c2; color: #7a5a00; }
  .phase-printing { background: #cde9ff; color: #064f86; }
  .phase-awaiting_completion { background: #e5d8ff; color: #4a2a8a; }
  .phase-offline { background: #f3d0d0; color: #8a1f1f; }
  .phase-awaiting_card { background: #d6f5df; color: #135c2c; }
  .phase-action_required { background: #ffe0c2; color: #7a3d00; }
  .card.pay { border-color: #1f7a44; background: #f0faf3; }
  .card.pay .amount { display: block; font-size: 26px; font-weight: 700; margin: 2px 0; }
  .badges { display: flex; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
  .badge { font-size: 11px; padding: 2px 8px; border-radius: 6px; background: #e6e9ef; }
  .badge.warn { background: #ffd9d0; color: #8a2a10; }
  .card { border: 1px solid #d5dbe5; border-radius: 8px; padding: 8px; margin: 8px 0; font-size: 13px; }
  .card b { display: block; font-size: 11px; color: #667; text-transform: uppercase; letter-spacing: .05em; margin-bottom: 2px; }
  .card code { font-size: 11px; word-break: break-all; }
  .progress { height: 6px; background: #dde3ec; border-radius: 3px; overflow: hidden; margin-top: 6px; }
  .progress > div { height: 100%; width: 0; background: #1b7fd1; transition: width .2s linear; }
  .buttons { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-top: 14px; }
  button { font: inherit; font-size: 13px; padding: 9px 6px; border-radius: 10px; border: 0; background: #3a414f; color: #fff; cursor: pointer; }
  button:hover { background: #4a5263; }
  button:disabled { opacity: .4; cursor: default; }
  button.ok { background: #1f7a44; } button.bad { background: #9b2c2c; }
  label.mode { grid-column: span 2; display: flex; justify-content: space-between; align-items: center; font-size: 13px; }
  select { font: inherit; border-radius: 6px; }
  .log { font: 11px ui-monospace, monospace; color: #aab; margin-top: 12px; max-height: 120px; overflow: auto; white-space: pre-wrap; }
  .roll { width: 420px; }
  .roll h2 { font-size: 15px; margin: 0 0 10px; }
  .paper { background: #fff; width: 384px; padding: 0; box-shadow: 0 2px 8px #0002; margin-bottom: 14px; border-bottom: 2px dashed #bbb; animation: feed 1.2s ease-out; overflow: hidden; transform-origin: top; }
  .paper img { display: block; width: 384px; }
  .paper .meta { font-size: 11px; color: #778; padding: 4px 8px; background: #fafafa; border-top: 1px solid #eee; }
  .empty { color: #778; font-size: 13px; }
  @keyframes feed { from { max-height: 0; opacity: .6; } to { max-height: 4000px; opacity: 1; } }
  .error { color: #a11; font-size: 12px; min-height: 16px; margin-top: 8px; }
</style>
</head>
<body>
<section class="device" aria-label="terminal">
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
</section>
<section class="roll" aria-label="paper roll">
  <h2>Paper roll <span id="count"></span></h2>
  <div id="roll"><p class="empty" id="empty">Nothing printed yet.</p></div>
</section>
<script>
(() => {
  const config = ${config};
  const $ = (id) => document.getElementById(id);
  let state = null;
  let shownSeq = 0;
  let busy = false;

  const post = async (path, body) => {
    $('error').textContent = '';
    const init = { method: 'POST', headers: { 'x-sandbox-control': '1' } };
    if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    const response = await fetch(config.base + path, init);
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      $('error').textContent = problem.message || ('HTTP ' + response.status);
    }
    await poll();
  };

  const describe = (action) => {
    if (!action) return 'none';
    const reason = action.failure_reason ? ' (' + action.failure_reason + ')' : '';
    return action.external_reference + ' · ' + action.config.point.subtype + ' · ' + action.status + reason;
  };

  const setCard = (id, action) => {
    const span = $(id).querySelector('span');
    span.textContent = describe(action);
    span.title = action ? action.id : '';
  };

  const render = () => {
    const s = state;
    const phase = $('phase');
    phase.textContent = s.phase.replace(/_/g, ' ');
    phase.className = 'phase phase-' + s.phase;
    const badges = [];
    badges.push('<span class="badge">' + (s.settings.online ? 'online' : 'offline') + '</span>');
    badges.push('<span class="badge' + (s.settings.paper === 'out' ? ' warn' : '') + '">paper ' + s.settings.paper + '</span>');
    badges.push('<span class="badge">' + s.operating_mode + '</span>');
    $('badges').innerHTML = badges.join('');
    setCard('held', s.held_action);
    setCard('waiting', s.waiting_action);
    setCard('last', s.last_action);
    const pay = s.payment_order;
    $('payment').hidden = pay === null;
    if (pay !== null) {
      $('amount').textContent = pay.currency + ' ' + pay.total_amount;
      $('payref').textContent = pay.external_reference + ' · ' + pay.status;
    }
    const lastPay = s.last_payment_order;
    $('lastpay').querySelector('span').textContent = lastPay === null ? 'none' : lastPay.external_reference + ' · ' + lastPay.currency + ' ' + lastPay.total_amount + ' · ' + lastPay.status + ' (' + lastPay.status_detail + ')';
    const charging = pay !== null && config.charging.includes(pay.status);
    $('approve').disabled = $('decline').disabled = $('noanswer').disabled = !charging;
    $('timeout').disabled = pay === null;
    const printing = s.phase === 'printing' && s.print_started_at !== null;
    $('progress').hidden = !printing;
    let fraction = 0;
    if (printing) {
      const elapsed = Date.parse(s.now) - Date.parse(s.print_started_at);
      fraction = s.settings.print_duration_ms === 0 ? 1 : Math.min(1, elapsed / s.settings.print_duration_ms);
    } else if (s.phase === 'awaiting_completion') fraction = 1;
    $('progress').firstElementChild.style.width = (fraction * 100) + '%';
    $('feed').style.width = (fraction * 100) + '%';
    $('refresh').disabled = !s.settings.online || s.held_action !== null || charging;
    $('cancel').disabled = s.held_action === null && s.waiting_action === null && !charging;
    $('done').disabled = $('failed').disabled = s.held_action === null;
    $('paper').textContent = s.settings.paper === 'out' ? 'Load paper' : 'Paper out';
    $('online').textContent = s.settings.online ? 'Go offline' : 'Go online';
    $('mode').value = s.settings.mode;
    $('completion').value = s.settings.completion;
    $('count').textContent = '(' + s.printed_count + ' printed)';
    $('log').textContent = s.events.slice().reverse().map((event) => event.at.slice(11, 19) + '  ' + event.message).join('\\n');
  };

  const addPrints = (items) => {
    const roll = $('roll');
    for (const item of items) {
      $('empty')?.remove();
      const paper = document.createElement('figure');
      paper.className = 'paper';
      paper.dataset.seq = String(item.seq);
      paper.dataset.actionId = item.action_id;
      const image = document.createElement('img');
      image.alt = (item.subtype === 'payment_slip' ? 'Payment slip ' : 'Print ') + item.external_reference;
      image.src = URL.createObjectURL(new Blob([item.svg], { type: 'image/svg+xml' }));
      const meta = document.createElement('figcaption');
      meta.className = 'meta';
      meta.textContent = item.external_reference + ' · ' + item.subtype + ' · ' + item.printed_at;
      paper.append(image, meta);
      // The newest print comes out on top, right under the slot.
      roll.prepend(paper);
      shownSeq = Math.max(shownSeq, item.seq);
    }
  };

  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      const response = await fetch(config.base);
      if (!response.ok) throw new Error('HTTP ' + response.status);
      state = await response.json();
      render();
      if (state.last_printed_seq > shownSeq) {
        const printed = await fetch(config.base + '/printed?after=' + shownSeq).then((r) => r.json());
        addPrints(printed.items);
      }
    } catch (error) {
      $('error').textContent = 'Sandbox unreachable: ' + error.message;
    } finally {
      busy = false;
    }
  };

  $('refresh').onclick = () => post('/refresh');
  $('cancel').onclick = () => post('/cancel');
  $('done').onclick = () => post('/complete', { status: 'processed' });
  $('failed').onclick = () => post('/complete', { status: 'failed' });
  $('approve').onclick = () => post('/card', { result: 'approved' });
  $('decline').onclick = () => post('/card', { result: 'declined', reason: $('reason').value });
  $('noanswer').onclick = () => post('/card', { result: 'no_response' });
  $('timeout').onclick = () => post('/timeout');
  $('paper').onclick = () => post('', { paper: state && state.settings.paper === 'out' ? 'ok' : 'out' });
  $('online').onclick = () => post('', { online: !(state && state.settings.online) });
  $('mode').onchange = (event) => post('', { mode: event.target.value });
  $('completion').onchange = (event) => post('', { completion: event.target.value });

  poll();
  setInterval(poll, 500);
})();
</script>
</body>
</html>
`;
}
