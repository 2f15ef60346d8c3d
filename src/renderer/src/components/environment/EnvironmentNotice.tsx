import { useEnvironmentUsable, useSetupText } from './credentials-status';
import './environment.css';

/**
 * Why Print or Checkout is disabled, with the way to Settings' connect panel; nothing while the
 * environment is usable. The screens disable their button with `useEnvironmentUsable()`.
 */
export function EnvironmentNotice({ action }: { action: 'print' | 'checkout' }) {
  const text = useSetupText();
  if (useEnvironmentUsable() !== false) return null;
  return (
    <p className="environment-notice" role="status" data-testid={`environment-notice-${action}`}>
      {text(action === 'print' ? 'blocked.print' : 'blocked.checkout')}{' '}
      <a href="#/settings" data-testid="environment-notice-link">
        {text('blocked.link')}
      </a>
    </p>
  );
}
