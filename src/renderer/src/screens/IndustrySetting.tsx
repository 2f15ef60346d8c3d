import { IndustryChoice } from '../../../shared/ipc/channels/app';
import { INDUSTRIES } from '../../../shared/platform/industries';
import { useSettings, useUpdateSettings } from '../api/hooks';
import { useLanguage, useT } from '../i18n';

/** The store's industry (spec 2.5) in Settings: a label and its select, for the settings form's grid; the Checkout screen reads it. */
export function IndustrySetting() {
  const t = useT();
  const language = useLanguage();
  const settings = useSettings();
  const update = useUpdateSettings();
  if (settings.data === undefined) return null;
  return (
    <>
      <label htmlFor="settings-industry">{t('settings.industry')}</label>
      <select
        id="settings-industry"
        value={settings.data.industry}
        aria-describedby="settings-industry-hint"
        onChange={(event) => update.mutate({ industry: IndustryChoice.parse(event.target.value) })}
      >
        {INDUSTRIES.map((industry) => (
          <option key={industry.id} value={industry.id}>
            {industry.label[language]}
          </option>
        ))}
      </select>
      <p className="hint" id="settings-industry-hint">
        {t('settings.industryHint')}
      </p>
    </>
  );
}
