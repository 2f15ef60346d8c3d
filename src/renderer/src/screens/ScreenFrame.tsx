import type { ReactNode } from 'react';
import { useT } from '../i18n';
import type { MessageKey } from '../i18n/messages';
import type { Screen } from '../navigation';

interface ScreenFrameProps {
  screen: Screen;
  /** Extra classes for the screen's own styles, beside `screen`. */
  className?: string;
  headerClassName?: string;
  testId?: string;
  children?: ReactNode;
}

/** Every screen's frame: a landmark named by its heading, with the title and purpose from the shell's dictionary. */
export function ScreenFrame({ screen, className, headerClassName, testId, children }: ScreenFrameProps) {
  const t = useT();
  return (
    <section className={['screen', className].filter(Boolean).join(' ')} aria-labelledby={`${screen}-title`} data-testid={testId}>
      <header className={['screen-header', headerClassName].filter(Boolean).join(' ')}>
        <h1 id={`${screen}-title`} tabIndex={-1}>
          {t(`screen.${screen}.title` as MessageKey)}
        </h1>
        <p className="lead">{t(`screen.${screen}.lead` as MessageKey)}</p>
      </header>
      {children}
    </section>
  );
}
