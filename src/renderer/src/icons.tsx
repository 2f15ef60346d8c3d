import type { Screen } from './navigation';

/** Line icons drawn inline, so they look the same on a machine without emoji or icon fonts. */
const PATHS: Record<Screen, string> = {
  counter: 'M6 2h12v20l-3-2-3 2-3-2-3 2V2zm3 5h6M9 11h6M9 15h4',
  sell: 'M3 6h18v12H3zM3 10h18M7 15h4',
  queue: 'M4 6h16M4 12h16M4 18h10',
  manager: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  checkout: 'M3 4h2l2.5 11h11L21 7H6.5M9 20a1 1 0 100-2 1 1 0 000 2zm9 0a1 1 0 100-2 1 1 0 000 2z',
  day: 'M4 5h16v16H4zM4 10h16M9 3v4M15 3v4M8 14h3v3H8z',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zm7.4-3a7.4 7.4 0 00-.1-1.3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 00-2.2-1.3L14.3 3h-4l-.4 2.4a7.6 7.6 0 00-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.6l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 002.2 1.3l.4 2.4h4l.4-2.4a7.6 7.6 0 002.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z',
};

export function ScreenIcon({ screen }: { screen: Screen }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[screen]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
