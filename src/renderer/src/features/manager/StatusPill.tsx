import type { PrintStatus } from '../../../../shared/ipc/channels/prints';
import { useFeatureT } from '../../i18n';
import { managerMessages } from './messages';

/** A print's status as a coloured label; the colour repeats the word, never replaces it. */
/** `unknown`: a status only a newer Counter knows (the store database's rows); `raw` is its own word. */
export function StatusPill({ status, raw }: { status: PrintStatus | 'unknown'; raw?: string }) {
  const t = useFeatureT(managerMessages);
  return (
    <span className={`status-pill status-${status}`} data-status={status} title={raw}>
      {t(`printStatus.${status}`)}
    </span>
  );
}
