import { useCallback, useRef, useState } from 'react';
import type { SignInPage } from '../../../../shared/ipc/channels/credentials';
import { useContractEvent } from '../../api/hooks';

/**
 * The browser host has no system browser to open: it sends the sign-in page to the tab, which opens it in
 * a new tab (within the click's user activation, so it is not blocked) and keeps a link to it. Only the
 * tab whose button started the sign-in opens it; Electron opens the system browser and sends nothing.
 */
export function useSignInPage(): { url: string | null; expect(): void } {
  const [url, setUrl] = useState<string | null>(null);
  const startedHere = useRef(false);
  const onPage = useCallback((page: SignInPage) => {
    setUrl(page.url);
    if (!startedHere.current) return;
    startedHere.current = false;
    window.open(page.url, '_blank', 'noopener,noreferrer');
  }, []);
  useContractEvent('credentials.signInPage', onPage);
  return {
    url,
    expect: () => {
      startedHere.current = true;
    },
  };
}
