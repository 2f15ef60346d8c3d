import type { UpdateStatus } from '../../../../shared/ipc/channels/updates';
import { fillMessage, useFeatureT } from '../../i18n';
import { useUpdateStatus } from './api';
import { helpMessages, type HelpKey } from './messages';

/** What the status bar says about an update, or null when there is nothing to say. */
function updateText(status: UpdateStatus, t: (key: HelpKey) => string): string | null {
  const version = status.available ?? '';
  if (status.phase === 'downloading') return fillMessage(t('update.downloading'), { version });
  if (status.phase === 'installing') return fillMessage(t('update.installing'), { version });
  if (status.phase === 'downloaded') {
    if (status.waitingFor.length === 0) return fillMessage(t('update.ready'), { version });
    const what = status.waitingFor.map((reason) => t(`update.busy.${reason}`)).join(', ');
    return fillMessage(t('update.waiting'), { version, what });
  }
  if (status.refused !== null)
    return fillMessage(t(status.refused.restored ? 'update.refused' : 'update.notRestored'), {
      version: status.refused.version,
      backTo: status.refused.backTo,
    });
  return null;
}

/** The owner's update, in the status bar: downloading, waiting for the counter to be idle, installing, or refused. */
export function UpdateNotice() {
  const t = useFeatureT(helpMessages);
  const status = useUpdateStatus().data;
  const text = status === undefined || !status.configured ? null : updateText(status, t);
  if (text === null || status === undefined) return null;
  return (
    <span className="update-notice" data-testid="update-notice" data-phase={status.phase} role="status" aria-live="polite" title={text}>
      {text}
    </span>
  );
}
