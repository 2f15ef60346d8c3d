import type { Screen } from '../navigation';
import { useT } from '../i18n';
import type { MessageKey } from '../i18n/messages';

/** The rooms later work fills: each screen already has its place, title and purpose. */
export function PlaceholderScreen({ screen }: { screen: Exclude<Screen, 'settings'> }) {
  const t = useT();
  return (
    <section className="screen" aria-labelledby={`${screen}-title`}>
      <header className="screen-header">
        <h1 id={`${screen}-title`}>{t(`screen.${screen}.title` as MessageKey)}</h1>
        <p className="lead">{t(`screen.${screen}.lead` as MessageKey)}</p>
      </header>
      <div className="placeholder-card">{t('placeholder.soon')}</div>
    </section>
  );
}
