import { useCallback } from 'react';
import { useDayTerminals } from './api';

/**
 * A terminal as the cashier knows it: its point of sale's name ("CAJA01"), else its id. The Day screen
 * shows a terminal by this name and keeps the id for the title (the id is what the platform and the CSV use).
 */
export function useTerminalName(): (id: string) => string {
  const terminals = useDayTerminals().data?.terminals;
  return useCallback((id: string) => terminals?.find((terminal) => terminal.id === id)?.externalPosId ?? id, [terminals]);
}
