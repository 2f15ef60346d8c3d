import { useCallback, useRef } from 'react';
import { CUSTOM_CONTENT_MAX_LENGTH, CUSTOM_CONTENT_MIN_LENGTH, NORMAL_COLUMNS, SMALL_COLUMNS } from '../../../../shared/receipt';
import type { Language } from '../../../../shared/ipc/channels/app';
import type { Template } from '../../../../shared/ipc/channels/templates';
import { fillMessage, useFeatureT } from '../../i18n';
import { counterMessages } from './messages';
import { EditorToolbar } from './EditorToolbar';
import { replaceAllText, revealRange } from './editor-commands';
import { EXAMPLE_RECEIPTS } from './examples';
import { Paper } from '../../components/paper/Paper';
import { ProblemList } from './ProblemList';
import type { ReceiptAnalysis } from './receipt-analysis';
import { ReceiptEditor } from './ReceiptEditor';
import { ReceiptPaper } from '../../components/paper/ReceiptPaper';
import { TemplatesDialog } from './TemplatesDialog';

interface ComposePanelProps {
  content: string;
  onChange(content: string): void;
  analysis: ReceiptAnalysis;
  language: Language;
}

function counterState(length: number): 'short' | 'ok' | 'long' {
  if (length > CUSTOM_CONTENT_MAX_LENGTH) return 'long';
  return length < CUSTOM_CONTENT_MIN_LENGTH ? 'short' : 'ok';
}

/** The custom receipt: tag toolbar, highlighted editor, problems, and the paper as it will print. */
export function ComposePanel({ content, onChange, analysis, language }: ComposePanelProps) {
  const t = useFeatureT(counterMessages);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const templatesRef = useRef<HTMLDialogElement>(null);
  const length = analysis.filled.length;
  const errors = analysis.problems.filter((problem) => problem.severity === 'error').length;
  const warnings = analysis.problems.length - errors;

  const loadText = useCallback((text: string) => {
    if (textareaRef.current !== null) replaceAllText(textareaRef.current, text);
  }, []);
  // Loading replaces the whole receipt: asked first when there is something else to lose (Ctrl+Z also undoes it).
  const loadTemplate = useCallback(
    (template: Template) => {
      const current = textareaRef.current?.value ?? '';
      if (current.trim() !== '' && current !== template.content && !window.confirm(fillMessage(t('templates.replaceConfirm'), { name: template.name }))) return;
      loadText(template.content);
    },
    [loadText, t],
  );
  const currentContent = useCallback(() => textareaRef.current?.value ?? '', []);

  return (
    <div className="mode-layout">
      <div className="compose-column">
        <div className="compose-header">
          <label className="field-label" htmlFor="counter-receipt-input">
            {t('editor.label')}
          </label>
          <button type="button" className="button" onClick={() => templatesRef.current?.showModal()} data-testid="open-templates">
            {t('templates')}
          </button>
        </div>
        <EditorToolbar textareaRef={textareaRef} />
        <ReceiptEditor
          id="counter-receipt-input"
          content={content}
          onChange={onChange}
          marks={analysis.marks}
          textareaRef={textareaRef}
          backdropRef={backdropRef}
          describedBy="counter-char-count counter-problems"
          invalid={analysis.blocking && content !== ''}
          placeholder={t('editor.placeholder')}
        />
        <div className="editor-status">
          <span id="counter-char-count" className={`char-count char-count-${counterState(length)}`} data-testid="char-count" title={t('chars.hint')}>
            {length} / {CUSTOM_CONTENT_MAX_LENGTH}
            <span className="char-count-min"> · {fillMessage(t('chars.min'), { min: CUSTOM_CONTENT_MIN_LENGTH })}</span>
          </span>
          {content === '' ? (
            <button type="button" className="link-button" onClick={() => loadText(EXAMPLE_RECEIPTS[language])} data-testid="load-example">
              {t('editor.example')}
            </button>
          ) : null}
          <span className="spacer" />
          {analysis.problems.length > 0 ? (
            <span className="problem-summary">
              {errors > 0 ? <span className="count-error">{fillMessage(t('problems.errors'), { count: errors })}</span> : null}
              {warnings > 0 ? <span className="count-warning">{fillMessage(t('problems.warnings'), { count: warnings })}</span> : null}
            </span>
          ) : null}
        </div>
        {content === '' ? null : (
          <ProblemList
            id="counter-problems"
            problems={analysis.problems}
            onSelect={(problem) => {
              if (textareaRef.current !== null) revealRange(textareaRef.current, backdropRef.current, problem.start, problem.end);
            }}
          />
        )}
      </div>
      <div className="preview-column">
        <Paper
          label={t('preview.label')}
          caption={fillMessage(t('preview.caption'), { columns: NORMAL_COLUMNS, small: SMALL_COLUMNS })}
          testId="receipt-preview"
        >
          {content === '' ? <p className="paper-empty">{t('preview.empty')}</p> : <ReceiptPaper document={analysis.document} title={t('preview.label')} />}
        </Paper>
      </div>
      <TemplatesDialog dialogRef={templatesRef} currentContent={currentContent} onLoad={loadTemplate} language={language} />
    </div>
  );
}
