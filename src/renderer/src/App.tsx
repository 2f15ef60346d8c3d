import { useCallback, useLayoutEffect, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectionState, Settings } from '../../shared/ipc/channels/app';
import { getBridge, isSessionEnded, onSessionEnded } from './api/bridge';
import { ErrorBoundary } from './components/error-boundary/ErrorBoundary';
import { CounterScreen } from './features/counter/CounterScreen';
import { CheckoutScreen } from './features/checkout/CheckoutScreen';
import { DayScreen } from './features/day/DayScreen';
import { ManagerScreen } from './features/manager/ManagerScreen';
import { QueueScreen } from './features/queue/QueueScreen';
import { SellScreen } from './features/sell/SellScreen';
import { queryKeyOf, useContractEvent, useSettings } from './api/hooks';
import { browserLanguage, LanguageProvider, useT } from './i18n';
import { ScreenIcon } from './icons';
import { SCREENS, useScreen, type Screen } from './navigation';
import { StatusBar } from './StatusBar';
import { StartupNotices } from './components/startup-notices/StartupNotices';
import { SettingsScreen } from './screens/SettingsScreen';
import { StaffBadge } from './components/staff/StaffBadge';
import { StaffGate } from './components/staff/StaffGate';
import { useMay } from './api/staff';

/** Every screen of the navigation has its component; a new screen without one does not compile. */
const SCREEN_COMPONENTS: Record<Screen, ComponentType> = {
  counter: CounterScreen,
  sell: SellScreen,
  queue: QueueScreen,
  manager: ManagerScreen,
  checkout: CheckoutScreen,
  day: DayScreen,
  settings: SettingsScreen,
};

function Shell() {
  const t = useT();
  const [screen, go] = useScreen();
  const CurrentScreen = SCREEN_COMPONENTS[screen];
  const client = useQueryClient();
  const onSettings = useCallback((settings: Settings) => client.setQueryData(queryKeyOf('settings.get', {}), settings), [client]);
  const onConnection = useCallback((state: ConnectionState) => client.setQueryData(queryKeyOf('connection.status', {}), state), [client]);
  useContractEvent('settings.changed', onSettings);
  useContractEvent('connection.changed', onConnection);
  // Settings hold set-up only: shown to whoever may change some of it (only what the person may do is shown).
  const mayChangeSettings = useMay('changeSettings');
  const mayEditTemplates = useMay('editTemplates');
  const shown = SCREENS.filter((name) => name !== 'settings' || mayChangeSettings || mayEditTemplates);
  const content = useRef<HTMLElement>(null);
  const chosenFromSidebar = useRef(false);
  // A new screen opens at its top, and a screen chosen in the sidebar takes the keyboard focus to its
  // heading (WAI-ARIA APG, single-page navigation), so Tab continues inside it, not in the sidebar.
  useLayoutEffect(() => {
    content.current?.scrollTo({ top: 0 });
    if (!chosenFromSidebar.current) return;
    chosenFromSidebar.current = false;
    document.getElementById(`${screen}-title`)?.focus({ preventScroll: true });
  }, [screen]);
  const choose = (name: Screen) => {
    if (name === screen) {
      document.getElementById(`${screen}-title`)?.focus({ preventScroll: true });
      return;
    }
    chosenFromSidebar.current = true;
    go(name);
  };

  return (
    <div className="shell">
      <nav className="sidebar" aria-label={t('nav.label')}>
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span>
          <span className="brand-name">Counter</span>
        </div>
        <ul>
          {shown.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === name ? 'page' : undefined}
                data-testid={`nav-${name}`}
                onClick={() => choose(name)}
              >
                <ScreenIcon screen={name} />
                {t(`screen.${name}`)}
              </button>
            </li>
          ))}
        </ul>
        <StaffBadge />
      </nav>
      <main className="content" data-screen={screen} ref={content}>
        <StartupNotices />
        {/* Keyed by screen: leaving a screen that failed and coming back draws it afresh. */}
        <ErrorBoundary key={screen} where={screen}>
          <CurrentScreen />
        </ErrorBoundary>
      </main>
      <StatusBar />
    </div>
  );
}

export function App() {
  const settings = useSettings();
  const sessionEnded = useSyncExternalStore(onSessionEnded, isSessionEnded);
  if (sessionEnded) {
    return (
      <LanguageProvider language={settings.data?.language ?? browserLanguage()}>
        <SessionEnded />
      </LanguageProvider>
    );
  }
  if (getBridge() === null) {
    return (
      <LanguageProvider language={browserLanguage()}>
        <MissingBridge />
      </LanguageProvider>
    );
  }
  return (
    <LanguageProvider language={settings.data?.language ?? browserLanguage()}>
      <StaffGate>
        <Shell />
      </StaffGate>
    </LanguageProvider>
  );
}

/** The browser host restarted: this tab's token is from an earlier run, so nothing it asks will be answered. */
function SessionEnded() {
  const t = useT();
  return (
    <div className="missing-bridge session-ended" role="alert" data-testid="session-ended">
      <h1>{t('bridge.sessionEnded.title')}</h1>
      <p>{t('bridge.sessionEnded.body')}</p>
    </div>
  );
}

function MissingBridge() {
  const t = useT();
  return (
    <div className="missing-bridge" role="alert">
      {t('bridge.missing')}
    </div>
  );
}
