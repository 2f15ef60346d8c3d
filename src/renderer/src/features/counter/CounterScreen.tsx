import { useCallback, useDeferredValue, useEffect, useEffectEvent, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Settings } from '../../../../shared/ipc/channels/app';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import type { Draft } from '../../../../shared/ipc/channels/templates';
import { TerminalId, type PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { hasBlockingProblems, parse } from '../../../../shared/receipt';
import { useAppInfo, useContractEvent, useContractMutation, useSettings } from '../../api/hooks';
import { useFeatureT, useLanguage } from '../../i18n';
import { saveDraft, useDraft, useTerminals, useUnfinishedPrints } from './api';
import { OtherCountersOnTerminal } from './OtherCounters';
import { DuplicateDialog, UnfinishedPrintList } from './UnfinishedPrints';
import { newestFirst, sameContentUnfinished } from './unfinished-prints';
import { counterMessages, type CounterMessageKey } from './messages';
import { ComposePanel } from './ComposePanel';
import { externalReferenceProblem, newExternalReference } from '../../../../shared/print/external-reference';
import { ImagePanel } from './ImagePanel';
import { checkInvoice } from '../../lib/invoice';
import { InvoicePanel } from './InvoicePanel';
import { MODES, ModeTabs, panelId, tabId } from './ModeTabs';
import { fillPlaceholders, placeholderValuesAt } from './placeholders';
import { PrintBar } from './PrintBar';
import { followPrint, IDLE_FOLLOW } from './print-follow';
import { PrintTimeline } from '../../components/print-timeline/PrintTimeline';
import { useReceiptAnalysis } from './receipt-analysis';
import { usePrintFocus } from './use-print-focus';
import { longPictureCm } from './long-picture';
import { matchesShortcut, PRINT_SHORTCUT } from './tag-editing';
import { DEFAULT_IMAGE_CHOICES, useImageWorker, type ImageChoices } from './use-image-worker';
import './counter.css';
import { ScreenFrame } from '../../screens/ScreenFrame';
import { EnvironmentNotice } from '../../components/environment/EnvironmentNotice';
import { useEnvironmentUsable } from '../../components/environment/credentials-status';

/** Long enough to cover a burst of typing, short enough that a crash loses only the last words. */
const DRAFT_SAVE_DELAY_MS = 600;

/** The virtual terminal page of the sandbox (its paper), for the terminal picked; none outside the sandbox. */
function paperUrlOf(sandboxControlUrl: string | null, terminalId: string): string | undefined {
  if (sandboxControlUrl === null || !TerminalId.safeParse(terminalId).success) return undefined;
  return `${sandboxControlUrl}/terminals/${encodeURIComponent(terminalId)}/view`;
}

function newReference(): string {
  return newExternalReference(Date.now(), Math.random);
}

/** The current minute, for `{{date}}` and `{{time}}` in the preview; re-renders only when the minute turns. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = new Date();
      setNow((previous) => (Math.floor(previous.getTime() / 60_000) === Math.floor(next.getTime() / 60_000) ? previous : next));
    }, 5_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Saves the draft a moment after the last change, and at once when the page goes away or the cashier
 * leaves the screen, so a reload or a restart finds the screen as it was.
 */
function useDraftAutosave(draft: Draft, enabled: boolean): void {
  const pending = useRef<Draft | undefined>(undefined);
  const lastSaved = useRef(JSON.stringify(draft));

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = undefined;
    if (next === undefined || JSON.stringify(next) === lastSaved.current) return;
    lastSaved.current = JSON.stringify(next);
    // A draft that fails to save is only a convenience lost; the screen itself is unaffected.
    saveDraft(next).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    pending.current = draft;
    const timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, enabled, flush]);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [enabled, flush]);
}

interface WorkspaceProps {
  initialDraft: Draft | null;
  /** False when the draft could not be read: then it is not written either, so nothing good is overwritten. */
  draftsAvailable: boolean;
  settings: Settings | undefined;
}

function CounterWorkspace({ initialDraft, draftsAvailable, settings }: WorkspaceProps) {
  const t = useFeatureT(counterMessages);
  const language = useLanguage();
  const [mode, setMode] = useState<PrintSubtype>(initialDraft?.mode ?? 'custom');
  const [content, setContent] = useState(initialDraft?.content ?? '');
  const [externalReference, setExternalReference] = useState(() => initialDraft?.externalReference ?? newReference());
  const [chosenTerminalId, setTerminalId] = useState(initialDraft?.terminalId ?? settings?.selectedTerminalId ?? '');
  const [imageChoices, setImageChoices] = useState<ImageChoices>(DEFAULT_IMAGE_CHOICES);
  const [invoice, setInvoice] = useState<{ xml: string; fileName?: string }>({ xml: '' });
  const [{ outcome }, dispatchFollow] = useReducer(followPrint, IDLE_FOLLOW);
  const unfinished = useUnfinishedPrints();
  // What each print of this screen was asked for (the draft before placeholders are filled), to ask before a second copy.
  const askedFor = useRef(new Map<string, string>());
  const [duplicate, setDuplicate] = useState<{ original: PrintSummary; send: () => void } | undefined>(undefined);
  const minute = useMinute();
  const terminals = useTerminals();
  const enqueue = useContractMutation('prints.enqueue');
  const reprint = useContractMutation('prints.reprint');
  // Until the cashier picks one, the account's first terminal that can print.
  const terminalId = chosenTerminalId !== '' ? chosenTerminalId : (terminals.data?.terminals.find((terminal) => terminal.canPrint)?.id ?? '');
  const terminal = terminals.data?.terminals.find((candidate) => candidate.id === terminalId.trim());
  const info = useAppInfo();

  const onPrintChanged = useCallback((print: PrintSummary) => dispatchFollow({ kind: 'change', print }), []);
  useContractEvent('print.changed', onPrintChanged);

  const draft = useMemo<Draft>(
    () => ({ mode, content, externalReference, ...(chosenTerminalId === '' ? {} : { terminalId: chosenTerminalId }) }),
    [mode, content, externalReference, chosenTerminalId],
  );
  useDraftAutosave(draft, draftsAvailable);

  // {{terminal}} is the terminal's name as the picker shows it (its external POS id), not the platform's device id.
  const terminalName = terminal?.externalPosId ?? terminalId.trim();
  const previewValues = useMemo(
    () => placeholderValuesAt(minute, language, { externalReference, terminalName }),
    [minute, language, externalReference, terminalName],
  );
  const analysis = useReceiptAnalysis(content, previewValues, language);
  const image = useImageWorker(imageChoices);
  const loadImageFile = image.load;
  // Stable, so the hidden panels (memoised) are not rendered again on every keystroke of the receipt.
  const loadImage = useCallback(
    (file: File) => {
      // A new picture starts at its own width, uncropped; the tone settings carry over.
      setImageChoices((current) => ({ ...current, width: undefined, maxHeight: undefined }));
      loadImageFile(file);
    },
    [loadImageFile],
  );
  const changeInvoice = useCallback((xml: string, fileName?: string) => setInvoice({ xml, fileName }), []);
  const deferredXml = useDeferredValue(invoice.xml);
  const invoiceCheck = useMemo(() => checkInvoice(deferredXml), [deferredXml]);

  const referenceProblem = externalReferenceProblem(externalReference);
  const terminalInvalid = !TerminalId.safeParse(terminalId.trim()).success || terminal?.canPrint === false;
  const rendered = image.state.rendered;

  const modeBlock = ((): CounterMessageKey | undefined => {
    switch (mode) {
      case 'custom':
        if (content.trim() === '') return 'print.blocked.empty';
        return analysis.blocking ? 'print.blocked.problems' : undefined;
      case 'image':
        if (image.state.source === undefined) return 'print.blocked.noImage';
        if (rendered === undefined || image.state.rendering || rendered.settings !== image.settings) return 'print.blocked.imageBusy';
        return rendered.base64 === undefined ? 'print.blocked.imageLimit' : undefined;
      case 'invoice':
        if (deferredXml !== invoice.xml) return 'print.blocked.invoiceBusy';
        if (invoiceCheck.state === 'empty') return 'print.blocked.noInvoice';
        return invoiceCheck.state === 'ready' ? undefined : 'print.blocked.invoice';
    }
  })();
  const terminalBlock: CounterMessageKey | undefined =
    terminal?.canPrint === false ? 'print.blocked.terminalMode' : terminalInvalid ? 'print.blocked.terminal' : undefined;
  const environmentBlock: CounterMessageKey | undefined = useEnvironmentUsable() === false ? 'print.blocked.environment' : undefined;
  const blockedBy = environmentBlock ?? modeBlock ?? terminalBlock ?? (referenceProblem !== undefined ? 'print.blocked.reference' : undefined);

  /** The content exactly as it is sent: placeholders filled at this moment, checked once more. */
  const contentToSend = (): string | undefined => {
    switch (mode) {
      case 'custom': {
        const filled = fillPlaceholders(content, placeholderValuesAt(new Date(), language, { externalReference, terminalName }));
        return hasBlockingProblems(parse(filled).problems) ? undefined : filled;
      }
      case 'image':
        return rendered?.base64;
      case 'invoice':
        return checkInvoice(invoice.xml).state === 'ready' ? invoice.xml : undefined;
    }
  };

  /** What the cashier asks to print, as the screen compares it: the same draft is the same content. */
  const requested = (): string => `${mode}\n${mode === 'custom' ? content : mode === 'image' ? (rendered?.base64 ?? '') : invoice.xml}`;

  const progress = useRef<HTMLDivElement>(null);
  const keepFocus = usePrintFocus(outcome, progress);
  const print = async (confirmed = false) => {
    if (blockedBy !== undefined || enqueue.isPending || outcome.state === 'sending' || (duplicate !== undefined && !confirmed)) return;
    const payload = contentToSend();
    if (payload === undefined) {
      dispatchFollow({ kind: 'refuse', message: t('print.changed') });
      return;
    }
    const request = requested();
    const original = confirmed ? undefined : sameContentUnfinished(unfinished, askedFor.current, terminalId.trim(), request);
    if (original !== undefined) {
      // Pressing Print again during trouble printed twice (issue 14): ask first.
      setDuplicate({ original, send: () => void latestPrint.current(true) });
      return;
    }
    keepFocus();
    dispatchFollow({ kind: 'send' });
    try {
      const queued = await enqueue.mutateAsync({ subtype: mode, terminalId: terminalId.trim(), externalReference, content: payload });
      askedFor.current.set(queued.id, request);
      dispatchFollow({ kind: 'accept', print: queued });
      // Every print needs a reference of its own (docs/decisions.md); the next one is ready at once.
      setExternalReference(newReference());
    } catch (error) {
      dispatchFollow({ kind: 'refuse', message: error instanceof Error ? error.message : String(error) });
    }
  };

  // The print bar gets one stable function that always prints what is on screen now, so it is not
  // rendered again on every keystroke.
  const latestPrint = useRef(print);
  useLayoutEffect(() => {
    latestPrint.current = print;
  });
  const printNow = useCallback(() => void latestPrint.current(), []);
  const followed = outcome.state === 'accepted' ? outcome.print.id : undefined;
  const others = useMemo(() => newestFirst(unfinished).filter((candidate) => candidate.id !== followed), [unfinished, followed]);
  /** A failed print's next step: the same content again as a new print (new reference and key). */
  const printAgain = async (id: string) => {
    keepFocus();
    dispatchFollow({ kind: 'send' });
    try {
      dispatchFollow({ kind: 'accept', print: await reprint.mutateAsync({ id }) });
    } catch (error) {
      dispatchFollow({ kind: 'refuse', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const answerDuplicate = (secondCopy: boolean) => {
    const asked = duplicate;
    setDuplicate(undefined);
    if (secondCopy) asked?.send();
  };
  const renewReference = useCallback(() => setExternalReference(newReference()), []);

  const onGlobalKey = useEffectEvent((event: KeyboardEvent) => {
    // Inside a dialog, Ctrl+Enter belongs to the dialog.
    if (!matchesShortcut(event, PRINT_SHORTCUT) || (event.target instanceof Element && event.target.closest('dialog') !== null)) return;
    event.preventDefault();
    void print();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onGlobalKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <div className="counter-workspace">
      <ModeTabs mode={mode} onChange={setMode} />
      {MODES.map((candidate) => (
        <div key={candidate} role="tabpanel" id={panelId(candidate)} aria-labelledby={tabId(candidate)} hidden={candidate !== mode} className="mode-panel">
          {candidate === 'custom' ? <ComposePanel content={content} onChange={setContent} analysis={analysis} language={language} /> : null}
          {candidate === 'image' ? (
            <ImagePanel
              state={image.state}
              choices={imageChoices}
              width={image.settings?.width ?? 0}
              onChoices={setImageChoices}
              onFile={loadImage}
              language={language}
            />
          ) : null}
          {candidate === 'invoice' ? (
            <InvoicePanel
              xml={invoice.xml}
              check={invoiceCheck}
              checking={deferredXml !== invoice.xml}
              fileName={invoice.fileName}
              onXml={changeInvoice}
              language={language}
            />
          ) : null}
        </div>
      ))}
      <EnvironmentNotice action="print" />
      {/* Above the print bar, taking its height from the work area, so the Print button never moves (issue 14). */}
      <div className="print-progress" ref={progress} data-testid="print-progress">
        {outcome.state === 'accepted' ? <PrintTimeline print={outcome.print} /> : null}
        {outcome.state === 'accepted' && outcome.print.status === 'failed' ? (
          <div className="print-again">
            <button type="button" className="button button-primary" onClick={() => void printAgain(outcome.print.id)} data-testid="print-again">
              {t('print.again')}
            </button>
          </div>
        ) : null}
        <UnfinishedPrintList prints={others} />
        <OtherCountersOnTerminal terminalId={terminalId.trim()} />
      </div>
      <PrintBar
        terminalId={terminalId}
        onTerminalId={setTerminalId}
        terminals={terminals.data?.terminals}
        externalReference={externalReference}
        onExternalReference={setExternalReference}
        onNewReference={renewReference}
        referenceProblem={referenceProblem}
        terminalInvalid={terminalInvalid}
        blockedBy={blockedBy}
        outcome={outcome}
        onPrint={printNow}
        paperUrl={paperUrlOf(info.data?.sandboxControlUrl ?? null, terminalId)}
        longPictureCm={mode === 'image' && rendered !== undefined ? longPictureCm(rendered.height) : undefined}
      />
      {duplicate !== undefined ? <DuplicateDialog original={duplicate.original} onAnswer={answerDuplicate} /> : null}
    </div>
  );
}

/** The Counter screen: compose a receipt, an image or an invoice, see it as it will print, print it. */
export function CounterScreen() {
  const t = useFeatureT(counterMessages);
  const settings = useSettings();
  const draft = useDraft();
  // The workspace starts from the saved draft and the settings, so it waits for both to answer.
  const ready = !settings.isPending && !draft.isPending;
  return (
    <ScreenFrame screen="counter" className="counter-screen" headerClassName="counter-header">
      {ready ? (
        <CounterWorkspace initialDraft={draft.data ?? null} draftsAvailable={!draft.isError} settings={settings.data} />
      ) : (
        <p className="hint" role="status">
          {t('loading')}
        </p>
      )}
    </ScreenFrame>
  );
}
