import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, channels, type ChannelName } from '../../../shared/ipc/contract';
import { CHANNEL_RULES } from '../../../shared/staff/permissions';
import { ROLE_PERMISSIONS, ROLES, type Role } from '../../../shared/staff/roles';
import { createDispatcher, type ChannelHandlers, type Dispatch } from '../ipc/dispatch';
import { NOT_AUDITED } from './guard';
import { testStaff } from './test-staff';
import { AUDIT_ACTIONS } from '../../../shared/i18n/staff';

/**
 * Generated from the contract: every channel, for every role and for nobody signed in, is let through
 * or refused exactly as the permission table says, by the dispatcher itself. The handlers behind it all
 * throw: a call let through ends as internal_error (or invalid_request for an empty request), never
 * as `forbidden` or `signed_out`.
 */
const reached = new Proxy({} as ChannelHandlers, {
  get: () => () => {
    throw new Error('reached the handler');
  },
});

/** What the table says, read straight from it (not through the code that enforces it). */
function tableAllows(role: Role | undefined, channel: ChannelName): boolean {
  const rule = CHANNEL_RULES[channel];
  if (rule.access === 'anyone') return true;
  if (role === undefined) return false;
  if (rule.access === 'signedIn') return true;
  return ROLE_PERMISSIONS[role].includes(rule.permission);
}

describe('the permission table', () => {
  it('has a rule for every channel of the contract, and none for a channel that is not in it', () => {
    const missing = channelNames.filter((channel) => !Object.hasOwn(CHANNEL_RULES, channel));
    expect(missing, 'channels without a rule').toEqual([]);
    expect(Object.keys(CHANNEL_RULES).filter((channel) => !Object.hasOwn(channels, channel))).toEqual([]);
  });

  it('names every action the audit trail can hold in both languages', () => {
    const audited = channelNames.filter((channel) => CHANNEL_RULES[channel].access === 'permission' && !NOT_AUDITED.has(channel));
    expect(audited.filter((channel) => AUDIT_ACTIONS[channel] === undefined)).toEqual([]);
  });

  describe.each([...ROLES, undefined])('signed in as %s', (role) => {
    let staff: ReturnType<typeof testStaff>;
    let dispatch: Dispatch;
    beforeAll(async () => {
      staff = testStaff();
      // Someone of each role, so the test can sign in as any of them; the owner first so the counter is set up.
      const people = await Promise.all(ROLES.map((each) => staff.add(each, each, '4321')));
      const person = people.find((row) => row.role === role);
      if (person !== undefined) staff.service.signInAs(person);
      dispatch = createDispatcher({ handlers: reached, language: () => 'en', guard: staff.guard, isTrustedSender: () => true });
    });
    afterAll(() => staff.close());

    it.each(channelNames)('%s', async (channel) => {
      const result = await dispatch(channel, {}, { url: 'test' });
      const refused = !result.ok && (result.error.code === 'forbidden' || result.error.code === 'signed_out');
      expect(refused ? 'refused' : 'allowed').toBe(tableAllows(role, channel) ? 'allowed' : 'refused');
      if (refused && role !== undefined) expect(result.ok ? '' : result.error.code).toBe('forbidden');
    });
  });
});
