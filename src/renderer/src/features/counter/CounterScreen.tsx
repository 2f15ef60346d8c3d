import type { Settings } from '../../../../shared/ipc/channels/app';
import type { Draft } from '../../../../shared/ipc/channels/templates';
import { TerminalId } from '../../../../shared/platform/terminal-actions';
import { externalReferenceProblem } from '../../../../shared/print/external-reference';
import { useAppInfo, useSettings } from '../../api/hooks';
import { EnvironmentNotice } from '../../components/environment/EnvironmentNotice';
import { accountKey, useCredentialsStatus, useEnvironmentUsable } from '../../components/environment/credentials-status';
import { useFeatureT, useLanguage } from '../../i18n';
import { ScreenFrame } from '../../screens/ScreenFrame';
import { useDraft, useTerminals } from './api';
import { longPictureCm } from './long-picture';
import { counterMessages, type CounterMessageKey } from './messages';
import { ModePanels } from './ModePanels';
import { ModeTabs } from './ModeTabs';
import { PrintBar } from './PrintBar';
import { modeBlock } from './print-content';
import { PrintProgress } from './PrintProgress';
import { DuplicateDialog } from './UnfinishedPrints';
import { useCounterDraft } from './use-counter-draft';
import { useCounterPrint } from './use-counter-print';
import { useModeInputs } from './use-mode-inputs';
import './counter.css';

/** The virtual terminal page of the sandbox (its paper), for the terminal picked; none outside the sandbox. */
function paperUrlOf(sandboxControlUrl: string | null, terminalId: string, language: string): string | undefined {
  if (sandboxControlUrl === null || !TerminalId.safeParse(terminalId).success) return undefined;
  // The page speaks the screen's language.
  return `${sandboxControlUrl}/terminals/${encodeURIComponent(terminalId)}/view?lang=${language}`;
}

/** The terminal to print on: the one picked, or until the cashier picks one, the account's first terminal that can print. */
function usePrintTerminal(chosenTerminalId: string) {
  const terminals = useTerminals();
  const terminalId = chosenTerminalId !== '' ? chosenTerminalId : (terminals.data?.terminals.find((terminal) => terminal.canPrint)?.id ?? '');
  const terminal = terminals.data?.terminals.find((candidate) => candidate.id === terminalId.trim());
  const invalid = !TerminalId.safeParse(terminalId.trim()).success || terminal?.canPrint === false;
  const block: CounterMessageKey | undefined = terminal?.canPrint === false ? 'print.blocked.terminalMode' : invalid ? 'print.blocked.terminal' : undefined;
  // {{terminal}} is the terminal's name as the picker shows it (its external POS id), not the platform's device id.
  const name = terminal?.externalPosId ?? terminalId.trim();
  return { terminals: terminals.data?.terminals, terminalId, invalid, block, name };
}

interface WorkspaceProps {
  initialDraft: Draft | null;
  /** False when the draft could not be read: then it is not written either, so nothing good is overwritten. */
  draftsAvailable: boolean;
  settings: Settings | undefined;
}

function CounterWorkspace({ initialDraft, draftsAvailable, settings }: WorkspaceProps) {
  const language = useLanguage();
  const listed = useTerminals().data?.terminals.map((terminal) => terminal.id);
  const draft = useCounterDraft(initialDraft, draftsAvailable, settings, accountKey(useCredentialsStatus().data), listed);
  const { mode, content, externalReference } = draft;
  const target = usePrintTerminal(draft.chosenTerminalId);
  const info = useAppInfo();
  const { analysis, image, invoice } = useModeInputs(content, language, { externalReference, terminalName: target.name });
  const rendered = image.state.rendered;

  const referenceProblem = externalReferenceProblem(externalReference);
  const environmentBlock: CounterMessageKey | undefined = useEnvironmentUsable() === false ? 'print.blocked.environment' : undefined;
  const blockedBy =
    environmentBlock ??
    modeBlock({
      mode,
      content,
      receiptBlocking: analysis.blocking,
      image: image.state,
      imageSettings: image.settings,
      invoiceChecking: invoice.checking,
      invoiceCheck: invoice.check,
    }) ??
    target.block ??
    (referenceProblem !== undefined ? 'print.blocked.reference' : undefined);
  const { outcome, progress, others, duplicate, printNow, printAgain, answerDuplicate } = useCounterPrint({
    mode,
    content,
    imageBase64: rendered?.base64,
    invoiceXml: invoice.xml,
    externalReference,
    terminalId: target.terminalId.trim(),
    terminalName: target.name,
    blockedBy,
    onAccepted: draft.renewReference,
  });

  return (
    <div className="counter-workspace">
      <ModeTabs mode={mode} onChange={draft.setMode} />
      <ModePanels mode={mode} content={content} onContent={draft.setContent} analysis={analysis} image={image} invoice={invoice} language={language} />
      <EnvironmentNotice action="print" />
      <PrintProgress ref={progress} outcome={outcome} others={others} terminalId={target.terminalId.trim()} onPrintAgain={(id) => void printAgain(id)} />
      <PrintBar
        terminalId={target.terminalId}
        onTerminalId={draft.setTerminalId}
        terminals={target.terminals}
        externalReference={externalReference}
        onExternalReference={draft.setExternalReference}
        onNewReference={draft.renewReference}
        referenceProblem={referenceProblem}
        terminalInvalid={target.invalid}
        blockedBy={blockedBy}
        outcome={outcome}
        onPrint={printNow}
        paperUrl={paperUrlOf(info.data?.sandboxControlUrl ?? null, target.terminalId, language)}
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
