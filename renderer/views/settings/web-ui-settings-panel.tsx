import type { ApiInput, WebUiSettingsView } from '../../../shared/api';
import { ErrorNote, LoadingSkeleton } from '../../components';
import { SettingField } from './setting-field';
import { useSettingsForm, type SettingsFormSpec } from './use-settings-form';
import { checkWebUiFields, IDLE_MINUTES, webUiFieldsOf, type WebUiFields } from './web-ui-settings-model';

const WEB_UI: SettingsFormSpec<WebUiSettingsView, keyof WebUiFields, ApiInput<'setWebUiSettings'>> = {
  load: (api) => api.webUiSettings({}),
  save: (api, payload) => api.setWebUiSettings(payload),
  fieldsOf: webUiFieldsOf,
  check: checkWebUiFields,
};

/**
 * settings.uiSessionIdleMs (docs/configuration.md): how long a tab of the web UI (`serve`, or the
 * desktop app's own web server) stays signed in without use. Read at each idle check, so open tabs
 * take a change at once.
 */
export function WebUiSettingsPanel() {
  const { fields, loadError, shown, saveError, saved, busy, changedElsewhere, change, submit } = useSettingsForm(WEB_UI);
  return (
    <section aria-labelledby="web-ui-title" className="panel panel-wide" aria-busy={fields === null && loadError === null}>
      <h2 id="web-ui-title">Web UI sign-in</h2>
      <p className="muted">For the app in a browser tab: how long a tab nobody uses stays signed in. Leave the field empty for the default.</p>
      {loadError && <ErrorNote error={loadError} />}
      {fields === null && loadError === null && <LoadingSkeleton label="Loading the web UI settings" shape="lines" count={1} />}
      {fields && (
        <form className="round-form" aria-label="Web UI settings" onSubmit={submit} noValidate>
          <div className="round-fields">
            <SettingField
              id="web-ui-idle"
              label="Sign a tab out after it is unused for"
              value={fields.uiSessionIdleMs}
              placeholder={String(IDLE_MINUTES.default)}
              unit="minutes"
              hint={`${IDLE_MINUTES.min} to ${IDLE_MINUTES.max} minutes (a day). Default: ${IDLE_MINUTES.default}.`}
              explanation="A key or pointer press in a tab counts as use. Longer saves signing in again; shorter limits what a tab left open on an unattended screen lets anyone do. Open tabs take a change at their next check."
              error={shown.uiSessionIdleMs}
              onChange={(value) => change('uiSessionIdleMs', value)}
            />
          </div>
          {changedElsewhere && (
            <p className="note" role="note">
              The settings were changed elsewhere (another window, the command line or mcp.json) while you edited this one. Saving replaces it with yours.
            </p>
          )}
          {saveError && <ErrorNote error={saveError} />}
          <div className="button-row">
            <button type="submit" className="button primary" aria-disabled={busy || undefined}>
              Save web UI settings
            </button>
            {saved && (
              <span role="status" className="muted">
                Saved. Open tabs use it at their next check.
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
