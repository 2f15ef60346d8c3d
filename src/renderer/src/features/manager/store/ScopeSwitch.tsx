import { useState } from 'react';
import { useFeatureT } from '../../../i18n';
import { useStoreEnabled } from './api';
import { storeViewMessages } from './messages';

export type ManagerScope = 'counter' | 'store';

const SCOPE_KEY = 'counter.manager.scope';

/** The manager's choice between this counter and the whole store, remembered across visits. */
export function useManagerScope(): [ManagerScope, (scope: ManagerScope) => void] {
  const [scope, setScope] = useState<ManagerScope>(() => (localStorage.getItem(SCOPE_KEY) === 'store' ? 'store' : 'counter'));
  return [
    scope,
    (next) => {
      localStorage.setItem(SCOPE_KEY, next);
      setScope(next);
    },
  ];
}

/** "This counter / Whole store": shown only when this counter has a store database. */
export function ScopeSwitch({ scope, onScope }: { scope: ManagerScope; onScope(scope: ManagerScope): void }) {
  const t = useFeatureT(storeViewMessages);
  const enabled = useStoreEnabled() === true;
  if (!enabled && scope === 'counter') return null;
  return (
    <div className="store-scope" role="radiogroup" aria-label={t('scope.label')} data-testid="manager-scope">
      {(['counter', 'store'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={scope === option}
          className={`store-scope-option${scope === option ? ' store-scope-on' : ''}`}
          onClick={() => onScope(option)}
          data-testid={`scope-${option}`}
        >
          {t(option === 'counter' ? 'scope.counter' : 'scope.store')}
        </button>
      ))}
    </div>
  );
}
