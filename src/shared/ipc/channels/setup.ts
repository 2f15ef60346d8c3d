import { z } from 'zod';
import { TerminalId } from '../../platform/terminal-actions';
import { channel } from '../define';
import { PrintSummary } from './prints';

export const setupChannels = {
  /**
   * The set-up guide's test ticket on a terminal: queued like any print (so its outcome is the queue's
   * truth), and remembered in the settings so the guide shows it again after a restart.
   */
  'setup.testPrint': channel(z.strictObject({ terminalId: TerminalId }), PrintSummary),
};
