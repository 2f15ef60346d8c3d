import { z } from 'zod';
import { channel, NoInput } from '../define';

/** A terminal whose prints waited too long (an outage): held until the cashier says what to do with them. */
export const BacklogTerminal = z.object({
  terminalId: z.string(),
  waiting: z.number().int().nonnegative(),
  oldestAt: z.iso.datetime(),
});
export type BacklogTerminal = z.infer<typeof BacklogTerminal>;

export const BacklogList = z.object({ staleAfterMinutes: z.number(), terminals: z.array(BacklogTerminal) });
export type BacklogList = z.infer<typeof BacklogList>;

export const BacklogDecision = z.discriminatedUnion('decision', [
  z.strictObject({ terminalId: z.string().min(1), decision: z.literal('print_all') }),
  z.strictObject({ terminalId: z.string().min(1), decision: z.literal('last_n'), keep: z.number().int().min(1).max(10_000) }),
  z.strictObject({ terminalId: z.string().min(1), decision: z.literal('set_aside') }),
]);
export type BacklogDecision = z.infer<typeof BacklogDecision>;

export const backlogChannels = {
  'backlog.list': channel(NoInput, BacklogList),
  'backlog.decide': channel(BacklogDecision, z.object({ released: z.number().int(), setAside: z.number().int() })),
};

export const backlogEvents = {
  'backlog.changed': BacklogList,
};
