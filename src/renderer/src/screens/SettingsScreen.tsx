import { useAppInfo, useSettings, useUpdateSettings } from '../api/hooks';
import { useT } from '../i18n';
import { Environment, Language } from '../../../shared/ipc/channels/app';
import { ConnectPanel } from '../features/settings/ConnectPanel';
import { StorePanel } from '../features/settings/StorePanel';
import { SetupGuide } from '../features/settings/SetupGuide';
import { ReceiptTemplatePanel } from '../features/sell/ReceiptTemplatePanel';
import { IndustrySetting } from './IndustrySetting';
import { ScreenFrame } from './ScreenFrame';
import { StaffPanel } from '../components/staff/StaffPanel';

export function SettingsScreen() {
  const t = useT();
  const settings = useSettings();
  const info = useAppInfo();
  const update = useUpdateSettings();
  const current = settings.data;
  return (
    <ScreenFrame screen="settings">
      {current === undefined ? null : <SetupGuide />}
      {current === undefined ? null : (
        <form className="card form-grid" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="settings-language">{t('settings.language')}</label>
          <select id="settings-language" value={current.language} onChange={(event) => update.mutate({ language: Language.parse(event.target.value) })}>
            <option value="en">English</option>
            <option value="es">Español</option>
          </select>

          <fieldset className="radio-group">
            <legend>{t('settings.environment')}</legend>
            {Environment.options.map((environment) => (
              <label key={environment} className="radio">
                <input
                  type="radio"
                  name="environment"
                  value={environment}
                  checked={current.environment === environment}
                  onChange={() => update.mutate({ environment })}
                />
                {t(environment === 'sandbox' ? 'settings.environment.sandbox' : 'settings.environment.production')}
              </label>
            ))}
          </fieldset>

          <IndustrySetting />
          <p className="hint" aria-live="polite">
            {update.isSuccess ? t('settings.saved') : ''}
          </p>
          <p className="hint mono">{info.data?.platformBaseUrl}</p>
        </form>
      )}
      {current === undefined ? null : <ConnectPanel />}
      {current === undefined ? null : <StorePanel />}
      <StaffPanel />
      {/* The store receipt of terminal sales (features/sell). */}
      {current === undefined ? null : <ReceiptTemplatePanel />}
    </ScreenFrame>
  );
}
