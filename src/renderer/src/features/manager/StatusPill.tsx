import type { PrintStatus } from '../../../../shared/ipc/channels/prints';
import { useFeatureT } from '../../i18n';
import { managerMessages } from './messages';

/** A print's status as a coloured label; the colour repeats the word, never replaces it. */
export function StatusPill({ status }: { status: PrintStatus }) {
  const t = useFeatureT(managerMessages);
  return (
    <span className={`status-pill status-${status}`} data-status={status}>
      {t(`printStatus.${status}`)}
    </span>
  );
}
