import { useEffect, useState } from 'react';

export const SCREENS = ['counter', 'sell', 'queue', 'manager', 'checkout', 'day', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

function screenFromHash(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '');
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : 'counter';
}

/** The current screen lives in the URL hash, so a reload (or a test) lands where it was. */
export function useScreen(): [Screen, (screen: Screen) => void] {
  const [screen, setScreen] = useState<Screen>(() => screenFromHash(window.location.hash));
  useEffect(() => {
    const onHashChange = () => setScreen(screenFromHash(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return [
    screen,
    (next) => {
      window.location.hash = `/${next}`;
    },
  ];
}
