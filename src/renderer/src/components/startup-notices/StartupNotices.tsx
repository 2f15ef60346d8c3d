import { useState } from 'react';
import { STARTUP_NOTICE_TEXTS, startupNoticeText, textOf } from '../../../../shared/i18n';
import type { StartupNotice } from '../../../../shared/ipc/channels/app';
import { useAppInfo } from '../../api/hooks';
import { useLanguage } from '../../i18n';

const DISMISSED_KEY = 'counter.startupNotices.dismissed';

const noticeKey = (notice: StartupNotice) => `${notice.code}|${notice.backupPath ?? ''}|${JSON.stringify(notice.values ?? {})}`;

function readDismissed(): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * What main found at start (a settings file set aside, a salvaged history, the sandbox on another port)
 * above every screen, in the language shown now, until the cashier dismisses it for this session.
 */
export function StartupNotices() {
  const language = useLanguage();
  const notices = useAppInfo().data?.startupNotices ?? [];
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = notices.filter((notice) => !dismissed.has(noticeKey(notice)));
  if (shown.length === 0) return null;
  const dismiss = (notice: StartupNotice) => {
    const next = new Set(dismissed).add(noticeKey(notice));
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...next]));
    setDismissed(next);
  };
  return (
    <section className="startup-notices" aria-label={textOf(STARTUP_NOTICE_TEXTS, 'title', language)} data-testid="startup-notices">
      {shown.map((notice) => {
        const text = startupNoticeText(notice, language);
        return (
          <div key={noticeKey(notice)} className="notice notice-warn startup-notice" role="alert" data-code={notice.code} data-testid="startup-notice">
            <p>
              {text.message}
              {text.keptAs === undefined ? null : <small className="startup-notice-path mono">{text.keptAs}</small>}
            </p>
            <button type="button" className="button" onClick={() => dismiss(notice)}>
              {textOf(STARTUP_NOTICE_TEXTS, 'dismiss', language)}
            </button>
          </div>
        );
      })}
    </section>
  );
}
