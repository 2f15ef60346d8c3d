import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { ChargeRequest, TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import type { TerminalSummary } from '../../../../shared/ipc/channels/terminals';
import { parseCashierAmount } from '../../../../shared/money/amounts';
import { useLiveTerminalSales, useStoreCurrency, useTerminalSales } from '../../api/terminal-sales';
import { useFeatureT, useLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { useCancelSale, useCharge } from './api';
import { AmountPad } from './AmountPad';
import { ChargeAgain } from './ChargeAgain';
import { sellMessages } from './messages';
import { RecentSales } from './RecentSales';
import { SaleCard, SendingCard } from './SaleCard';
import { EMPTY_ITEM, itemsOf, itemsTotal, SaleItems, type ItemDraft } from './SaleItems';
import { earlierCharge, isOpenSale, sellBlock, type SellBlock } from './sell-rules';
import { useTerminalLabel } from '../../api/terminal-names';
import { useLiveReceipts, useSellTerminals } from './use-sell-data';
import './sell.css';

/** The time of a charge asked for, read in the handler (never during render). */
const clockNow = (): number => Date.now();

type EscNote = 'esc.canceling' | 'esc.atTerminal' | 'esc.cleared' | 'esc.nothing';
type Prepared = { request: ChargeRequest; cents: number } | { problem: 'problem.items' | 'problem.amount' | 'problem.tooLarge' };

/** The charge the form describes: the amount typed, or the items' total when no amount is typed. */
function prepare(amount: string, drafts: readonly ItemDraft[], terminalId: string, slip: boolean): Prepared {
  const items = itemsOf(drafts);
  if (items === undefined) return { problem: 'problem.items' };
  if (amount.trim() === '' && items.length > 0) {
    const total = itemsTotal(items);
    if (total === 'too_large') return { problem: 'problem.tooLarge' };
    return total === undefined ? { problem: 'problem.items' } : { request: { terminalId, items, printOnTerminal: slip }, cents: total };
  }
  const parsed = parseCashierAmount(amount);
  if (!parsed.ok) return { problem: 'problem.amount' };
  return { request: { terminalId, amount, items, printOnTerminal: slip }, cents: parsed.cents };
}

function BlockedNotice({ block, onRetry }: { block: SellBlock; onRetry(): void }) {
  const t = useFeatureT(sellMessages);
  return (
    <p className={`sell-blocked sell-blocked-${block}`} role="status" data-testid="sell-blocked" data-block={block}>
      {t(`blocked.${block}`)} {block === 'credentials' && <a href="#/settings">{t('blocked.settings')}</a>}
      {block === 'platform' && (
        <button type="button" className="button" onClick={onRetry}>
          {t('blocked.retry')}
        </button>
      )}
    </p>
  );
}

/** What Esc does now, and says: cancel a sale the terminal has not taken, explain why not, or clear the form. */
function escAction(current: TerminalSale | null, formEmpty: boolean): EscNote {
  if (current?.status === 'created') return 'esc.canceling';
  if (current?.status === 'at_terminal' || current?.status === 'action_required') return 'esc.atTerminal';
  return formEmpty ? 'esc.nothing' : 'esc.cleared';
}

/** The sale's states in which what Esc said is still true. */
const ESC_NOTE_HOLDS: Readonly<Record<EscNote, readonly TerminalSale['status'][] | null>> = {
  'esc.canceling': ['created', 'canceled'],
  'esc.atTerminal': ['at_terminal', 'action_required'],
  'esc.cleared': null,
  'esc.nothing': null,
};

function escNoteHolds(said: { note: EscNote; saleId: string | null }, current: TerminalSale | null): boolean {
  if ((current?.id ?? null) !== said.saleId) return false;
  const holds = ESC_NOTE_HOLDS[said.note];
  return holds === null || current === null || holds.includes(current.status);
}

interface AmountEntryProps {
  amountRef: RefObject<HTMLInputElement | null>;
  amount: string;
  onAmount(amount: string): void;
  shownAmount: string;
  terminals: readonly TerminalSummary[];
  chosenId: string;
  onTerminal(id: string): void;
  canCharge: boolean;
  charging: boolean;
  problem: string | null;
  note: string | null;
}

/** The terminal, the amount (typed or tapped on the pad) as it will be charged, and the Charge button. */
function AmountEntry({ amountRef, amount, onAmount, shownAmount, terminals, chosenId, onTerminal, canCharge, charging, problem, note }: AmountEntryProps) {
  const t = useFeatureT(sellMessages);
  const label = useTerminalLabel();
  return (
    <>
      <label className="sell-terminal">
        {t('terminal.label')}
        <select value={chosenId} onChange={(event) => onTerminal(event.target.value)} data-testid="sell-terminal" disabled={terminals.length === 0}>
          {terminals.length === 0 && <option value="">{t('terminal.none')}</option>}
          {terminals.map((terminal) => (
            <option key={terminal.id} value={terminal.id}>
              {label(terminal.id, terminal.externalPosId).text}
            </option>
          ))}
        </select>
      </label>
      <label className="sell-amount-label">
        {t('amount')}
        <input
          ref={amountRef}
          className="sell-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => onAmount(event.target.value)}
          data-testid="sell-amount"
          aria-describedby="sell-hint sell-amount-shown"
        />
      </label>
      <p className="sell-amount-shown" id="sell-amount-shown" aria-live="polite">
        <span>{t('amount.shown')}</span> <strong data-testid="sell-amount-shown">{shownAmount}</strong>
      </p>
      <AmountPad amount={amount} onAmount={onAmount} />
      <button type="submit" className="button button-primary sell-charge" disabled={!canCharge} data-testid="charge">
        {charging ? t('charging') : t('charge')}
      </button>
      {problem !== null && (
        <p role="alert" className="problem" data-testid="sell-problem">
          {problem}
        </p>
      )}
      {note !== null && (
        <p role="status" className="sell-esc-note" data-testid="sell-esc-note">
          {note}
        </p>
      )}
    </>
  );
}

/**
 * Charge on the terminal, keyboard-first: the amount has the focus, Enter charges, Esc cancels (or says why
 * it cannot); the large card shows only what the sale's lifecycle knows.
 */
export function SellScreen() {
  const t = useFeatureT(sellMessages);
  const language = useLanguage();
  useLiveTerminalSales();
  useLiveReceipts();
  const sales = useTerminalSales().data?.sales ?? [];
  const currency = useStoreCurrency();
  const { usable, terminals, retry } = useSellTerminals();
  const block = sellBlock(usable, terminals);
  const pdv = terminals.kind === 'loaded' && block === null ? terminals.terminals.filter((terminal) => terminal.canPrint) : [];
  const charge = useCharge();
  const cancel = useCancelSale();
  const [amount, setAmount] = useState('');
  const [terminalId, setTerminalId] = useState('');
  const [slip, setSlip] = useState(false);
  const [itemDrafts, setItemDrafts] = useState<ItemDraft[]>([{ ...EMPTY_ITEM }]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [problem, setProblem] = useState<'problem.items' | 'problem.amount' | 'problem.tooLarge' | null>(null);
  // What Esc said, about the sale on the card: once that sale moves on (approved after "cannot cancel now"), the note goes.
  const [escNote, setEscNoteAbout] = useState<{ note: EscNote; saleId: string | null } | null>(null);
  const [ask, setAsk] = useState<{ request: ChargeRequest; earlier: TerminalSale } | null>(null);
  // Set in the same event as Enter, so "sending" is on screen in the next frame, before main has answered.
  const [sending, setSending] = useState<string | null>(null);
  // Two Enters before React renders again must not send two charges: the state is not updated yet.
  const inFlight = useRef(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const chosen = pdv.find((terminal) => terminal.id === terminalId) ?? pdv[0];
  const label = useTerminalLabel();
  const nameOf = (id: string) =>
    label(id, terminals.kind === 'loaded' ? (terminals.terminals.find((terminal) => terminal.id === id)?.externalPosId ?? null) : undefined).text;
  // After a restart the sale still under way comes back to the card.
  const shownId = currentId ?? sales.find(isOpenSale)?.id ?? null;
  const current = sales.find((sale) => sale.id === shownId) ?? null;
  const prepared = prepare(amount, itemDrafts, chosen?.id ?? '', slip);

  useEffect(() => amountRef.current?.focus(), []);

  const send = (request: ChargeRequest, shown: string) => {
    setAsk(null);
    setEscNoteAbout(null);
    setSending(shown);
    inFlight.current = true;
    charge.mutate(request, {
      onSettled: () => {
        inFlight.current = false;
        setSending(null);
      },
      onSuccess: (sale) => {
        setCurrentId(sale.id);
        // The amount is on the card now: a second Enter finds an empty field, never the same charge.
        setAmount('');
        setItemDrafts([{ ...EMPTY_ITEM }]);
        amountRef.current?.focus();
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block !== null || chosen === undefined || inFlight.current) return;
    if ('problem' in prepared) return setProblem(prepared.problem);
    setProblem(null);
    const earlier = earlierCharge(sales, chosen.id, prepared.cents, clockNow());
    if (earlier !== undefined) return setAsk({ request: prepared.request, earlier });
    send(prepared.request, formatMoney(prepared.cents, currency, language));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (ask !== null) {
      setAsk(null);
      return amountRef.current?.focus();
    }
    const action = escAction(current, amount === '' && itemsOf(itemDrafts)?.length === 0);
    setEscNoteAbout({ note: action, saleId: current?.id ?? null });
    if (action === 'esc.canceling' && current !== null) cancel.mutate({ id: current.id });
    if (action === 'esc.cleared') {
      setAmount('');
      setItemDrafts([{ ...EMPTY_ITEM }]);
      setProblem(null);
    }
  };
  const shownCents = 'problem' in prepared ? 0 : prepared.cents;
  const shownAmount = formatMoney(shownCents, currency, language);

  return (
    <section className="screen sell-screen" aria-labelledby="sell-title" data-testid="sell-screen" onKeyDown={onKeyDown}>
      <header className="screen-header sell-header">
        <h1 id="sell-title">{t('title')}</h1>
        <p className="lead" id="sell-hint">
          {t('amount.hintShort')}
        </p>
      </header>
      {block !== null && <BlockedNotice block={block} onRetry={retry} />}
      <div className="sell-layout">
        <form className="sell-form" onSubmit={submit}>
          <AmountEntry
            amountRef={amountRef}
            amount={amount}
            onAmount={setAmount}
            shownAmount={shownAmount}
            terminals={pdv}
            chosenId={chosen?.id ?? ''}
            onTerminal={setTerminalId}
            canCharge={sending === null && block === null}
            charging={sending !== null}
            problem={problem !== null ? t(problem) : (charge.error?.message ?? null)}
            note={escNote !== null && escNoteHolds(escNote, current) ? t(escNote.note) : null}
          />
          <SaleItems drafts={itemDrafts} onChange={setItemDrafts} currency={currency} />
          <label className="checkbox">
            <input type="checkbox" checked={slip} onChange={(event) => setSlip(event.target.checked)} />
            {t('slip')}
          </label>
        </form>
        <div className="sell-side">
          {ask !== null && (
            <ChargeAgain
              earlier={ask.earlier}
              terminal={nameOf(ask.earlier.terminalId)}
              currency={currency}
              onYes={() => send(ask.request, formatMoney(ask.earlier.amount, currency, language))}
              onNo={() => {
                setAsk(null);
                amountRef.current?.focus();
              }}
            />
          )}
          {sending !== null ? (
            <SendingCard amount={sending} />
          ) : current === null ? (
            <p className="sale-idle" data-testid="sale-idle">
              {block === null ? t('idle') : t('idle.blocked')}
            </p>
          ) : (
            <SaleCard key={current.id} sale={current} currency={currency} terminal={nameOf(current.terminalId)} />
          )}
          <RecentSales sales={sales} currency={currency} nameOf={nameOf} onOpen={setCurrentId} />
        </div>
      </div>
    </section>
  );
}
