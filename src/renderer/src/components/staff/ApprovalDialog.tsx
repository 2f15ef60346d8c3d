import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Permission, roleMay } from '../../../../shared/staff/roles';
import { call, CallError } from '../../api/bridge';
import { setApprovalRequester, useStaffStatus } from '../../api/staff';
import { fillMessage, useFeatureT } from '../../i18n';
import { staffMessages } from './messages';
import { keepFocus, PinPad } from './PinPad';

interface Asked {
  channel: string;
  request: unknown;
  permission: Permission;
  resolve(grant: string | null): void;
}

/**
 * Asks, on the screen where the cashier is, for a manager's PIN when main refused a call a manager may
 * allow; the bridge then sends the call again with the grant. Cancel leaves the refusal as it was.
 */
export function ApprovalDialog() {
  const t = useFeatureT(staffMessages);
  const status = useStaffStatus();
  const [asked, setAsked] = useState<Asked | undefined>(undefined);
  const [managerId, setManagerId] = useState('');
  const [pin, setPin] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    setApprovalRequester(
      (channel, request, permission) =>
        new Promise((resolve) => {
          const parsed = Permission.safeParse(permission);
          setAsked({ channel, request, permission: parsed.success ? parsed.data : 'refund', resolve });
          setPin('');
          setFailure(undefined);
        }),
    );
    return () => setApprovalRequester(undefined);
  }, []);
  useEffect(() => {
    if (asked !== undefined && dialog.current?.open === false) dialog.current.showModal();
  }, [asked]);

  const approvers = (status.data?.people ?? []).filter(
    (person) => asked !== undefined && person.id !== status.data?.signedIn?.id && roleMay(person.role, asked.permission),
  );
  const chosen = approvers.find((person) => person.id === managerId) ?? approvers[0];
  const finish = (grant: string | null) => {
    asked?.resolve(grant);
    setAsked(undefined);
    dialog.current?.close();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (asked === undefined || chosen === undefined || pin.length < 4) return;
    setBusy(true);
    try {
      const approval = await call('staff.approve', { managerId: chosen.id, pin, channel: asked.channel, request: asked.request });
      finish(approval.grant);
    } catch (error) {
      setPin('');
      setFailure(error instanceof CallError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="app-dialog approval-dialog" aria-labelledby="approval-title" onCancel={() => finish(null)} data-testid="approval-dialog">
      {asked !== undefined && (
        <form onSubmit={(event) => void submit(event)}>
          <h2 id="approval-title">{t('approve.title')}</h2>
          <p>
            {fillMessage(t('approve.lead'), {
              name: status.data?.signedIn?.name ?? '',
              permission: t(`permission.${asked.permission}` as 'permission.refund'),
            })}
          </p>
          <label htmlFor="approval-manager">{t('approve.manager')}</label>
          <select
            id="approval-manager"
            value={chosen?.id ?? ''}
            onChange={(event) => {
              setManagerId(event.target.value);
              // The manager chosen, their PIN is next.
              document.getElementById('approval-pin')?.focus();
            }}
            data-testid="approval-manager"
          >
            {approvers.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
          <PinPad id="approval-pin" label={t('approve.pin')} value={pin} onChange={setPin} testId="approval-pin" autoFocus />
          {failure !== undefined && (
            <p className="notice bad" role="alert" data-testid="approval-error">
              {failure}
            </p>
          )}
          <div className="lock-actions">
            <button type="button" className="button" onClick={() => finish(null)}>
              {t('approve.cancel')}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={busy || pin.length < 4 || chosen === undefined}
              onMouseDown={keepFocus}
              data-testid="approval-submit"
            >
              {t('approve.submit')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
