import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Person } from '../../../../shared/ipc/channels/staff';
import { ROLES, Role } from '../../../../shared/staff/roles';
import { queryKeyOf, useContractMutation } from '../../api/hooks';
import { useMay, useStaffStatus } from '../../api/staff';
import { fillMessage, useFeatureT } from '../../i18n';
import { staffMessages } from './messages';
import './staff.css';

/** The staff list changed: read the status again (the event does it too; this covers a missed one). */
function useRefresh(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: queryKeyOf('staff.status', {}) });
}

function PersonRow({ person }: { person: Person }) {
  const t = useFeatureT(staffMessages);
  const [pin, setPin] = useState('');
  const reset = useContractMutation('staff.resetPin');
  const save = useContractMutation('staff.save');
  const refresh = useRefresh();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(
      { id: person.id, pin },
      {
        onSuccess: () => {
          setPin('');
          refresh();
        },
      },
    );
  };
  const label = fillMessage(t('manage.newPin'), { name: person.name });
  return (
    <li className="staff-row" data-testid="staff-row">
      <span className="staff-row-name">
        {person.name}
        {person.lockedUntil !== null && <span className="muted"> · {t('manage.locked')}</span>}
      </span>
      <select
        aria-label={`${t('manage.role')}: ${person.name}`}
        value={person.role}
        onChange={(event) => save.mutate({ id: person.id, name: person.name, role: Role.parse(event.target.value) }, { onSuccess: refresh })}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`role.${role}`)}
          </option>
        ))}
      </select>
      <form onSubmit={submit} className="staff-row-pin">
        <input
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          aria-label={label}
          value={pin}
          maxLength={8}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        />
        <button className="button" type="submit" disabled={pin.length < 4 || reset.isPending}>
          {t('manage.resetPin')}
        </button>
      </form>
      {(reset.error ?? save.error) !== null && (
        <p className="notice bad" role="alert">
          {(reset.error ?? save.error)?.message}
        </p>
      )}
    </li>
  );
}

function AddPerson() {
  const t = useFeatureT(staffMessages);
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [pin, setPin] = useState('');
  const save = useContractMutation('staff.save');
  const refresh = useRefresh();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name, role, pin },
      {
        onSuccess: () => {
          setName('');
          setPin('');
          refresh();
        },
      },
    );
  };
  return (
    <form className="staff-add" onSubmit={submit}>
      <label>
        {t('manage.name')}
        <input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} data-testid="staff-add-name" />
      </label>
      <label>
        {t('manage.role')}
        <select value={role} onChange={(event) => setRole(Role.parse(event.target.value))}>
          {ROLES.map((each) => (
            <option key={each} value={each}>
              {t(`role.${each}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('manage.pin')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          value={pin}
          maxLength={8}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        />
      </label>
      <button className="button" type="submit" disabled={name.trim() === '' || pin.length < 4 || save.isPending}>
        {t('manage.add')}
      </button>
      {save.error !== null && (
        <p className="notice bad" role="alert">
          {save.error.message}
        </p>
      )}
    </form>
  );
}

function IdleLock({ seconds }: { seconds: number }) {
  const t = useFeatureT(staffMessages);
  const [typed, setTyped] = useState(String(seconds));
  const set = useContractMutation('staff.setIdleLock');
  const value = Number(typed);
  return (
    <form
      className="staff-idle"
      onSubmit={(event) => {
        event.preventDefault();
        if (Number.isInteger(value) && value >= 0) set.mutate({ seconds: value });
      }}
    >
      <label>
        {t('manage.idle')}
        <input inputMode="numeric" value={typed} onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))} data-testid="staff-idle" />
      </label>
      <button className="button" type="submit" disabled={typed === '' || set.isPending}>
        {t('manage.idleSave')}
      </button>
      <span className="hint" aria-live="polite">
        {set.isSuccess ? t('manage.saved') : ''}
      </span>
    </form>
  );
}

/** Settings' staff panel: the owner's list of people (role, a new PIN), and the idle lock. */
export function StaffPanel() {
  const t = useFeatureT(staffMessages);
  const status = useStaffStatus();
  const mayManage = useMay('manageStaff');
  const maySet = useMay('changeSettings');
  if (status.data === undefined || (!mayManage && !maySet)) return null;
  return (
    <section className="card staff-panel" aria-labelledby="staff-panel-title" data-testid="staff-panel">
      <h2 id="staff-panel-title">{t('manage.title')}</h2>
      <p className="hint">{t('manage.lead')}</p>
      {maySet && <IdleLock key={status.data.idleLockSeconds} seconds={status.data.idleLockSeconds} />}
      {mayManage && (
        <>
          <ul className="staff-list">
            {status.data.people.map((person) => (
              <PersonRow key={person.id} person={person} />
            ))}
          </ul>
          <AddPerson />
        </>
      )}
    </section>
  );
}
