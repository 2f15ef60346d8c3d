import { memo, useRef, type KeyboardEvent } from 'react';
import type { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { useFeatureT } from '../../i18n';
import { counterMessages, type CounterMessageKey } from './messages';

export const MODES: readonly PrintSubtype[] = ['custom', 'image', 'invoice'];

export const tabId = (mode: PrintSubtype) => `counter-tab-${mode}`;
export const panelId = (mode: PrintSubtype) => `counter-panel-${mode}`;

/**
 * The three kinds of print (spec 2.3 subtypes) as ARIA tabs: one tab stop, arrows/Home/End move and
 * select, as the WAI-ARIA tabs pattern with automatic activation describes.
 */
export const ModeTabs = memo(function ModeTabs({ mode, onChange }: { mode: PrintSubtype; onChange(mode: PrintSubtype): void }) {
  const t = useFeatureT(counterMessages);
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = MODES.indexOf(mode);
    const last = MODES.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % MODES.length
        : event.key === 'ArrowLeft'
          ? (index + last) % MODES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const next = target === undefined ? undefined : MODES[target];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    listRef.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };

  return (
    <div className="mode-tabs" role="tablist" aria-label={t('modes')} ref={listRef} onKeyDown={onKeyDown}>
      {MODES.map((candidate) => (
        <button
          key={candidate}
          type="button"
          role="tab"
          id={tabId(candidate)}
          aria-selected={candidate === mode}
          aria-controls={panelId(candidate)}
          tabIndex={candidate === mode ? 0 : -1}
          className="mode-tab"
          onClick={() => onChange(candidate)}
          data-testid={`mode-${candidate}`}
        >
          <span className="mode-tab-title">{t(`subtype.${candidate}`)}</span>
          <span className="mode-tab-hint">{t(`mode.${candidate}.hint` as CounterMessageKey)}</span>
        </button>
      ))}
    </div>
  );
});
