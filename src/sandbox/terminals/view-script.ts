/**
 * The terminal page's script, in plain browser JavaScript: it polls the terminal's control API, renders
 * the device from the answer, feeds new prints onto the roll and sends the buttons' presses.
 */

/** POSTs a button press to the terminal's control API, shows a refusal, then reads the terminal again. */
const REQUESTS = `  const post = async (path, body) => {
    $('error').textContent = '';
    const init = { method: 'POST', headers: { 'x-sandbox-control': '1' } };
    if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    const response = await fetch(config.base + path, init);
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      $('error').textContent = problem.message || ('HTTP ' + response.status);
    }
    await poll();
  };`;

/** Draws the device from the terminal's state: phase, badges, the cards and which buttons apply. */
const RENDER = `  const describe = (action) => {
    if (!action) return config.text.none;
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
    $('lastpay').querySelector('span').textContent = lastPay === null ? config.text.none : lastPay.external_reference + ' · ' + lastPay.currency + ' ' + lastPay.total_amount + ' · ' + lastPay.status + ' (' + lastPay.status_detail + ')';
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
    $('paper').textContent = s.settings.paper === 'out' ? config.text.loadPaper : config.text.paperOut;
    $('online').textContent = s.settings.online ? config.text.goOffline : config.text.goOnline;
    $('mode').value = s.settings.mode;
    $('completion').value = s.settings.completion;
    $('count').textContent = config.text.printedCount.replace('{count}', String(s.printed_count));
    $('log').textContent = s.events.slice().reverse().map((event) => event.at.slice(11, 19) + '  ' + event.message).join('\\n');
  };`;

/** Adds what the terminal printed to the roll, and polls the terminal (and its new prints). */
const PAPER_ROLL = `  const addPrints = (items) => {
    const roll = $('roll');
    for (const item of items) {
      $('empty')?.remove();
      const paper = document.createElement('figure');
      paper.className = 'paper';
      paper.dataset.seq = String(item.seq);
      paper.dataset.actionId = item.action_id;
      const image = document.createElement('img');
      image.alt = (item.subtype === 'payment_slip' ? config.text.slipAlt : config.text.printAlt) + item.external_reference;
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
      $('error').textContent = config.text.unreachable + error.message;
    } finally {
      busy = false;
    }
  };`;

/** Wires the buttons and starts polling, twice a second. */
const BUTTONS = `  $('refresh').onclick = () => post('/refresh');
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
  setInterval(poll, 500);`;

/** The whole script; `config` is JSON already safe inside a script element. */
export function terminalScript(config: string): string {
  return `(() => {
  const config = ${config};
  const $ = (id) => document.getElementById(id);
  let state = null;
  let shownSeq = 0;
  let busy = false;

${REQUESTS}

${RENDER}

${PAPER_ROLL}

${BUTTONS}
})();`;
}
