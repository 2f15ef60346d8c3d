import { IndustryChoice } from '../../../../shared/ipc/channels/app';
import { INDUSTRIES } from '../../../../shared/platform/industries';
import { useSettings, useUpdateSettings } from '../../api/hooks';
import { useFeatureT, useLanguage } from '../../i18n';
import { checkoutMessages } from './messages';

/** The store's industry (spec 2.5) in Settings: a label and its select, for the settings form's grid. */
export function IndustrySetting() {
  const t = useFeatureT(checkoutMessages);
  const language = useLanguage();
  const settings = useSettings();
  const update = useUpdateSettings();
  if (settings.data === undefined) return null;
  return (
    <>
      <label htmlFor="settings-industry">{t('industry.setting')}</label>
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
        {t('industry.settingHint')}
      </p>
    </>
  );
}
