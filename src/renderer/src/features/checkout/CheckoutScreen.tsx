import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { CheckoutSale } from '../../../../shared/ipc/channels/checkout';
import { findIndustry, INDUSTRIES, type Industry } from '../../../../shared/platform/industries';
import { useSettings } from '../../api/hooks';
import { fillMessage, useFeatureT, useLanguage } from '../../i18n';
import { useCreatePreference, useLiveSales, useReceiver, useSale, useSaleCache, useSales } from './api';
import { CartForm } from './CartForm';
import { cartFields, checkCart, emptyCart, emptyItem, formatMoney, reportPathLabel, type CartCheck, type CartDraft } from './cart';
import { elementId, ProblemText } from './FieldInput';
import { checkoutMessages } from './messages';
import { SaleCard } from './SaleCard';
import { SalesHistory } from './SalesHistory';
import './checkout.css';
import { ScreenFrame } from '../../screens/ScreenFrame';
import { EnvironmentNotice } from '../../components/environment/EnvironmentNotice';
import { useEnvironmentUsable } from '../../components/environment/credentials-status';

const SELECTED_SALE_KEY = 'counter.checkout.selectedSale';
const CART_DRAFT_KEY = 'counter.checkout.cartDraft';

/** English and Spanish have two plural forms (Intl.PluralRules: one, other); any other category reads as other. */
function problemsCountKey(count: number, language: string): 'problems.count.one' | 'problems.count.other' {
  return new Intl.PluralRules(language).select(count) === 'one' ? 'problems.count.one' : 'problems.count.other';
}

/** The form as the cashier left it, and whether a sale was already made from it; kept for the tab's session. */
const StoredCart = z.object({
  draft: z.object({
    items: z.array(z.object({ key: z.number().int(), values: z.record(z.string(), z.string()) })).min(1),
    payer: z.record(z.string(), z.string()),
    shipments: z.record(z.string(), z.string()),
    options: z.object({
      externalReference: z.string(),
      backSuccess: z.string(),
      backPending: z.string(),
      backFailure: z.string(),
      autoReturn: z.boolean(),
      expires: z.boolean(),
      expiresAt: z.string(),
      excludedMethods: z.string(),
      excludedTypes: z.array(z.string()),
      installments: z.string(),
      defaultInstallments: z.string(),
    }),
  }),
  sold: z.boolean(),
});
// The draft as the form keeps it (readonly); the schema's output (mutable arrays) is assignable to it.
type StoredCart = { readonly draft: CartDraft; readonly sold: boolean };

function readStoredCart(): StoredCart {
  try {
    const parsed = StoredCart.safeParse(JSON.parse(sessionStorage.getItem(CART_DRAFT_KEY) ?? 'null'));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: start with an empty cart, as on a first visit.
  }
  return { draft: emptyCart(), sold: false };
}

/** How many missing fields the meter names before "and N more". */
const MISSING_SHOWN = 4;

function CompletenessMeter({ check, industry }: { check: CartCheck; industry: Industry }) {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  const { report } = check;
  const name = industry.label[language];
  if (report.recommended_count === 0) return <p className="hint">{fillMessage(t('completeness.none'), { industry: name })}</p>;
  const missing = report.missing.slice(0, MISSING_SHOWN).map((path) => reportPathLabel(path, language, t('item')));
  const more = report.missing.length - missing.length;
  return (
    <div className="completeness" data-testid="completeness">
      <div className="completeness-head">
        <label htmlFor="checkout-completeness">{t('completeness')}</label>
        <span className="completeness-percent">{Math.round(report.completeness * 100)}%</span>
      </div>
      <meter
        id="checkout-completeness"
        min={0}
        max={report.recommended_count}
        low={report.recommended_count * 0.5}
        high={report.recommended_count * 0.9}
        optimum={report.recommended_count}
        value={report.present_count}
      />
      <p className="completeness-count">{fillMessage(t('completeness.count'), { present: report.present_count, total: report.recommended_count })}</p>
      {missing.length > 0 ? (
        <p className="completeness-missing">
          {fillMessage(t('completeness.missing'), { fields: missing.join(', ') })}
          {more > 0 ? ` ${fillMessage(t('completeness.more'), { count: more })}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** The sale shown in the card, kept live by `checkoutSale.changed` through the query cache. */
function SelectedSale({ preferenceId }: { preferenceId: string }) {
  const sale = useSale(preferenceId);
  return sale.data === undefined ? null : <SaleCard sale={sale.data} />;
}

interface CartSummaryProps {
  check: CartCheck;
  industry: Industry;
  currency: string | null;
  submitted: boolean;
  /** A sale was made from this form: the main button starts the next one. */
  sold: boolean;
  creating: boolean;
  /** Production without usable credentials: the sale cannot be made (components/environment). */
  blocked: boolean;
  failure: string | null;
  saleShown: boolean;
  onCreate(): void;
  onNewSale(): void;
}

/** The total, how complete the industry's data is, and the button that makes (or moves on from) the sale. */
function CartSummary({ check, industry, currency, submitted, sold, creating, blocked, failure, saleShown, onCreate, onNewSale }: CartSummaryProps) {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  const industryName = industry.label[language];
  const cartProblems = [...check.problems.entries()].filter(([key]) => key === 'items' || key === 'body');
  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="visually-hidden">
        {t('total')}
      </h2>
      <p className="summary-industry">
        <span>{t('industry')}:</span> <strong data-testid="industry-name">{industryName}</strong>{' '}
        <a className="link-button" href="#/settings">
          {fillMessage(t('industry.change'), { settings: t('screen.settings') })}
        </a>
      </p>
      <CompletenessMeter check={check} industry={industry} />
      <p className="summary-total">
        <span>{t('total')}</span>
        <strong data-testid="cart-total">{formatMoney(check.total, currency, language)}</strong>
      </p>
      {cartProblems.map(([key, problem]) => (
        <p key={key} className="cart-field-problem">
          <ProblemText problem={problem} />
        </p>
      ))}
      {submitted && check.problems.size > 0 ? (
        <p className="cart-field-problem" data-testid="problems-count">
          {fillMessage(t(problemsCountKey(check.problems.size, language)), { count: check.problems.size })}
        </p>
      ) : null}
      <EnvironmentNotice action="checkout" />
      {sold ? (
        <button type="button" className="primary-button" onClick={onNewSale} data-testid="new-sale">
          {t('newSale')}
        </button>
      ) : (
        <button type="button" className="primary-button" disabled={creating || blocked} onClick={onCreate} data-testid="create-preference">
          {creating ? t('creating') : t('create')}
        </button>
      )}
      {failure === null ? null : (
        <p className="cart-field-problem" role="alert">
          {failure}
        </p>
      )}
      {!saleShown || sold ? null : (
        <button type="button" className="secondary-button" onClick={onNewSale}>
          {t('newSale')}
        </button>
      )}
    </section>
  );
}

function CheckoutWorkspace({ industry }: { industry: Industry }) {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  const [stored] = useState(readStoredCart);
  const [draft, setDraft] = useState<CartDraft>(stored.draft);
  // A sale was made from this very form: the main button starts the next sale instead of a second one.
  const [sold, setSold] = useState(stored.sold);
  useEffect(() => {
    sessionStorage.setItem(CART_DRAFT_KEY, JSON.stringify({ draft, sold } satisfies StoredCart));
  }, [draft, sold]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [selected, select] = useState<string | null>(() => sessionStorage.getItem(SELECTED_SALE_KEY));
  // Kept for the session, so a reload (or a visit to another screen) comes back to the sale being paid.
  const setSelected = (preferenceId: string | null) => {
    if (preferenceId === null) sessionStorage.removeItem(SELECTED_SALE_KEY);
    else sessionStorage.setItem(SELECTED_SALE_KEY, preferenceId);
    select(preferenceId);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const nextItemKey = useRef(Math.max(...stored.draft.items.map((item) => item.key)) + 1);
  const create = useCreatePreference();
  const environmentBlocked = useEnvironmentUsable() === false;
  const putSale = useSaleCache();
  const sales = useSales();
  const receiver = useReceiver();
  useLiveSales();

  const fields = useMemo(() => cartFields(industry), [industry]);
  const check = useMemo(() => checkCart(draft, fields, industry, language), [draft, fields, industry, language]);
  const industryName = industry.label[language];
  const currency = draft.items[0]?.values['currency_id']?.trim().toUpperCase() || null;

  /** A field's problem shows once the cashier has been there, has typed in it, or has tried to create. */
  const problemFor = (key: string) => {
    const problem = check.problems.get(key);
    if (problem === undefined) return undefined;
    return submitted || touched.has(key) || problem.key !== 'problem.required' ? problem : undefined;
  };
  const submit = async () => {
    if (environmentBlocked) return;
    // Enter in a field of a form already sold must not make a second sale of it.
    if (sold) return;
    setSubmitted(true);
    setFailure(null);
    if (check.problems.size > 0) {
      // To the first field to fix, so a keyboard user lands where the work is.
      const first = [...check.problems.keys()].map((key) => document.getElementById(elementId(key))).find((element) => element !== null);
      first?.focus();
      return;
    }
    try {
      const sale: CheckoutSale = await create.mutateAsync({ preference: check.body });
      putSale(sale);
      setSelected(sale.preferenceId);
      setSold(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const newSale = () => {
    setDraft(emptyCart());
    setSold(false);
    setTouched(new Set());
    setSubmitted(false);
    setSelected(null);
    setFailure(null);
    create.reset();
  };

  return (
    <>
      <div className="checkout-layout">
        <form
          className="checkout-cart"
          aria-label={t('cart')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <CartForm
            draft={draft}
            fields={fields}
            industryName={industryName}
            problemFor={problemFor}
            onChange={(change) => setDraft(change)}
            onTouch={(key) => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)))}
            onAddItem={() => setDraft((current) => ({ ...current, items: [...current.items, emptyItem(nextItemKey.current++)] }))}
            onRemoveItem={(key) => setDraft((current) => ({ ...current, items: current.items.filter((item) => item.key !== key) }))}
          />
          {/* The summary submits this form, so Enter in any field creates the link as the button does. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
        <aside className="checkout-aside">
          <CartSummary
            check={check}
            industry={industry}
            currency={currency}
            submitted={submitted}
            sold={sold}
            creating={create.isPending}
            blocked={environmentBlocked}
            failure={failure}
            saleShown={selected !== null}
            onCreate={() => void submit()}
            onNewSale={newSale}
          />
          {selected === null ? null : <SelectedSale preferenceId={selected} />}
        </aside>
      </div>
      <SalesHistory sales={sales.data?.sales} receiver={receiver.data} selected={selected} onSelect={setSelected} />
    </>
  );
}

/** The Checkout screen: build a cart with the store industry's data, create the payment link, watch it paid. */
export function CheckoutScreen() {
  const t = useFeatureT(checkoutMessages);
  const settings = useSettings();
  const industry = settings.data === undefined ? undefined : (findIndustry(settings.data.industry) ?? INDUSTRIES[0]);
  return (
    <ScreenFrame screen="checkout" className="checkout-screen">
      {industry === undefined ? (
        <p className="hint" role="status">
          {t('loading')}
        </p>
      ) : (
        <CheckoutWorkspace industry={industry} />
      )}
    </ScreenFrame>
  );
}
