import { useRef, useState } from 'react';
import { fillMessage, useFeatureT } from '../../i18n';
import { useBuildDiagnostics, useDiagnosticsPreview } from './api';
import { downloadBase64 } from './download';
import { helpMessages } from './messages';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Help → Save diagnostics: the person sees every file the zip will hold, then saves it. */
export function SaveDiagnostics() {
  const t = useFeatureT(helpMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const preview = useDiagnosticsPreview(open);
  const build = useBuildDiagnostics();
  const show = () => {
    setSaved(null);
    setOpen(true);
    dialog.current?.showModal();
  };
  const save = () =>
    build.mutate(
      {},
      {
        onSuccess: (bundle) => {
          downloadBase64(bundle.fileName, bundle.zipBase64);
          setSaved(bundle.fileName);
        },
      },
    );
  return (
    <>
      <button type="button" className="link-button" onClick={show} data-testid="help-diagnostics">
        {t('diagnostics.open')}
      </button>
      <dialog ref={dialog} className="app-dialog" aria-labelledby="diagnostics-title" onClose={() => setOpen(false)} data-testid="diagnostics-dialog">
        <header className="dialog-header">
          <h2 id="diagnostics-title">{t('diagnostics.title')}</h2>
          <button type="button" className="dialog-close" aria-label={t('diagnostics.close')} onClick={() => dialog.current?.close()}>
            ×
          </button>
        </header>
        <p>{t('diagnostics.lead')}</p>
        {preview.isError ? <p className="notice notice-bad">{preview.error.message}</p> : null}
        {preview.data === undefined ? (
          <p role="status">{t('diagnostics.listing')}</p>
        ) : (
          <>
            <p>{t('diagnostics.files')}</p>
            <ul className="diagnostics-files" data-testid="diagnostics-files">
              {preview.data.entries.map((entry) => (
                <li key={entry.name} data-name={entry.name}>
                  <code>{entry.name}</code> — {t(`kind.${entry.kind}`)} ({size(entry.bytes)})
                </li>
              ))}
            </ul>
          </>
        )}
        {build.isError ? <p className="notice notice-bad">{build.error.message}</p> : null}
        {saved === null ? null : (
          <p className="notice" role="status" data-testid="diagnostics-saved">
            {fillMessage(t('diagnostics.saved'), { name: saved })}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t('diagnostics.close')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={preview.data === undefined || build.isPending}
            onClick={save}
            data-testid="diagnostics-save"
          >
            {build.isPending ? t('diagnostics.saving') : t('diagnostics.save')}
          </button>
        </div>
      </dialog>
    </>
  );
}
