import { z } from 'zod';
import { channel, NoInput } from '../define';

export const TerminalSummary = z.object({
  id: z.string(),
  posId: z.number().int().nullable(),
  storeId: z.string().nullable(),
  externalPosId: z.string().nullable(),
  operatingMode: z.string(),
  /** docs/decisions.md: prints need PDV mode. */
  canPrint: z.boolean(),
});
export type TerminalSummary = z.infer<typeof TerminalSummary>;

export const TerminalList = z.object({
  terminals: z.array(TerminalSummary),
  fetchedAt: z.iso.datetime(),
});
export type TerminalList = z.infer<typeof TerminalList>;

export const terminalsChannels = {
  /** The account's terminals, every page of `GET /terminals/v1/list`. */
  'terminals.list': channel(NoInput, TerminalList),
};
