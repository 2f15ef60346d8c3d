import { useStaffStatus } from '../../api/staff';
import { useFeatureT } from '../../i18n';
import { staffMessages } from './messages';
import { useLock } from './use-staff-actions';

/** The signed-in person's name, always on screen, and the way to lock or hand the counter to someone else. */
export function StaffBadge() {
  const t = useFeatureT(staffMessages);
  const status = useStaffStatus();
  const lock = useLock();
  const person = status.data?.signedIn;
  if (person === undefined || person === null) return null;
  return (
    <div className="staff-badge" aria-label={t('badge.label')} data-testid="staff-badge">
      <span className="staff-name" data-testid="staff-name">
        {person.name}
      </span>
      <span className="staff-role">{t(`role.${person.role}`)}</span>
      <div className="staff-badge-actions">
        <button type="button" className="button button-compact" onClick={() => lock.run({})} title="Alt+L" data-testid="staff-switch">
          {t('badge.switch')}
        </button>
        <button type="button" className="button button-compact" onClick={() => lock.run({})} title="Alt+L" data-testid="staff-lock">
          {t('badge.lock')}
        </button>
      </div>
    </div>
  );
}
