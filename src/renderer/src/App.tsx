import { useCallback, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectionState, Settings } from '../../shared/ipc/channels/app';
import { getBridge } from './api/bridge';
import { CounterScreen } from './features/counter/CounterScreen';
import { CheckoutScreen } from './features/checkout/CheckoutScreen';
import { ManagerScreen } from './features/manager/ManagerScreen';
import { QueueScreen } from './features/queue/QueueScreen';
import { SellScreen } from './features/sell/SellScreen';
import { queryKeyOf, useContractEvent, useSettings } from './api/hooks';
import { browserLanguage, LanguageProvider, useT } from './i18n';
import { ScreenIcon } from './icons';
import { SCREENS, useScreen, type Screen } from './navigation';
import { StatusBar } from './StatusBar';
import { SettingsScreen } from './screens/SettingsScreen';

/** Every screen of the navigation has its component; a new screen without one does not compile. */
const SCREEN_COMPONENTS: Record<Screen, ComponentType> = {
  counter: CounterScreen,
  sell: SellScreen,
  queue: QueueScreen,
  manager: ManagerScreen,
  checkout: CheckoutScreen,
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

  return (
    <div className="shell">
      <nav className="sidebar" aria-label={t('nav.label')}>
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span>
          <span className="brand-name">Counter</span>
        </div>
        <ul>
          {SCREENS.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === name ? 'page' : undefined}
                data-testid={`nav-${name}`}
                onClick={() => go(name)}
              >
                <ScreenIcon screen={name} />
                {t(`screen.${name}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" data-screen={screen}>
        <CurrentScreen />
      </main>
      <StatusBar />
    </div>
  );
}

export function App() {
  const settings = useSettings();
  if (getBridge() === null) {
    return (
      <LanguageProvider language={browserLanguage()}>
        <MissingBridge />
      </LanguageProvider>
    );
  }
  return (
    <LanguageProvider language={settings.data?.language ?? browserLanguage()}>
      <Shell />
    </LanguageProvider>
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
