import { memo, useState, type RefObject } from 'react';
import { TemplateErrorCode, TEMPLATE_NAME_MAX_CHARS, type Template } from '../../../../shared/ipc/channels/templates';
import { failureText } from '../../../../shared/i18n/failures';
import { useFeatureT, useLanguage } from '../../i18n';
import type { Language } from '../../../../shared/ipc/channels/app';
import { formatDateTime } from '../../lib/datetime';
import { counterMessages } from './messages';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from './api';

interface TemplatesDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The receipt in the editor when asked, offered to be saved (read on save, so typing does not render the dialog). */
  currentContent(): string;
  onLoad(template: Template): void;
  language: Language;
}

function sameName(left: string, right: string): boolean {
  return left.trim().toLocaleLowerCase() === right.trim().toLocaleLowerCase();
}

/** Saved receipts with placeholders: load one into the editor, save the editor as one, delete. Esc closes it. */
export const TemplatesDialog = memo(function TemplatesDialog({ dialogRef, currentContent, onLoad, language }: TemplatesDialogProps) {
  const t = useFeatureT(counterMessages);
  const screenLanguage = useLanguage();
  const templates = useTemplates();
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [name, setName] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState<string | undefined>(undefined);

  const close = () => dialogRef.current?.close();
  const clash = save.error?.failure.code === TemplateErrorCode.nameTaken ? templates.data?.find((template) => sameName(template.name, name)) : undefined;

  const submit = (id?: string) => {
    save.mutate(
      { id, name, content: currentContent() },
      {
        onSuccess: () => setName(''),
      },
    );
  };

  return (
    <dialog ref={dialogRef} className="app-dialog" aria-labelledby="templates-title" data-testid="templates-dialog">
      <header className="dialog-header">
        <h2 id="templates-title">{t('templates')}</h2>
        <button type="button" className="dialog-close" aria-label={t('term.close')} onClick={close}>
          ×
        </button>
      </header>
      {templates.isError ? <p className="notice notice-bad">{templates.error.message}</p> : null}
      {templates.data?.length === 0 ? <p className="hint">{t('templates.empty')}</p> : null}
      <ul className="template-list">
        {templates.data?.map((template) => (
          <li key={template.id} className="template-row">
            <div className="template-text">
              <span className="template-name">{template.name}</span>
              <span className="template-meta">
                {formatDateTime(template.updatedAt, language)} · {template.content.length} {t('chars.unit')}
              </span>
            </div>
            <button
              type="button"
              className="button"
              onClick={() => {
                onLoad(template);
                close();
              }}
            >
              {t('templates.load')}
            </button>
            <button
              type="button"
              className={`button ${confirmingDelete === template.id ? 'button-danger' : 'button-quiet'}`}
              disabled={remove.isPending}
              onClick={() => {
                if (confirmingDelete !== template.id) {
                  setConfirmingDelete(template.id);
                  return;
                }
                setConfirmingDelete(undefined);
                remove.mutate(template.id);
              }}
            >
              {t(confirmingDelete === template.id ? 'templates.confirmDelete' : 'templates.delete')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="template-save"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="template-name">{t('templates.saveAs')}</label>
        <div className="template-save-row">
          <input
            id="template-name"
            value={name}
            maxLength={TEMPLATE_NAME_MAX_CHARS}
            onChange={(event) => {
              setName(event.target.value);
              save.reset();
            }}
            placeholder={t('templates.namePlaceholder')}
            required
          />
          <button type="submit" className="button button-primary" disabled={name.trim() === '' || save.isPending}>
            {t('templates.save')}
          </button>
        </div>
        {clash !== undefined ? (
          <p className="notice notice-warn" role="alert">
            {failureText(TemplateErrorCode.nameTaken, screenLanguage, { name: clash.name })}{' '}
            <button type="button" className="button" onClick={() => submit(clash.id)}>
              {t('templates.replace')}
            </button>
          </p>
        ) : save.isError ? (
          <p className="notice notice-bad" role="alert">
            {save.error.message}
          </p>
        ) : save.isSuccess ? (
          <p className="hint" role="status">
            {t('templates.saved')}
          </p>
        ) : null}
      </form>
    </dialog>
  );
});
