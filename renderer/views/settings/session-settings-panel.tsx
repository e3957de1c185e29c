import type { ApiInput, SessionSettingsView } from '../../../shared/api';
import { SESSION_SETTING_NAMES, SESSION_SETTINGS, type SessionSetting } from '../../../shared/config';
import { ErrorNote, LoadingSkeleton } from '../../components';
import { checkFields, fieldsOf, fieldText, inSeconds, rangeText } from './session-settings-model';
import { SettingField } from './setting-field';
import { useSettingsForm, type SettingsFormSpec } from './use-settings-form';

const TEXT: Record<SessionSetting, { defaultWords?: string; explanation: string }> = {
  sessionCheckMs: {
    defaultWords: '1 minute',
    explanation:
      'Some services forget a connection without a word, and their updates stop coming. A check finds that out and connects again. More often finds it sooner, at the cost of a small message to the service; 0 never checks.',
  },
  sessionCheckTimeoutMs: {
    explanation: 'How long a check waits for the service to answer. A service slower than this is left alone until it is next used.',
  },
  sessionRenewalsPerMinute: {
    explanation: 'A service that keeps forgetting its connection is shown as failing after this many new connections in a minute, instead of being connected again and again.',
  },
};

const SESSIONS: SettingsFormSpec<SessionSettingsView, SessionSetting, ApiInput<'setSessionSettings'>> = {
  load: (api) => api.sessionSettings({}),
  save: (api, payload) => api.setSessionSettings(payload),
  fieldsOf,
  check: checkFields,
};

/**
 * settings.sessionCheckMs, sessionCheckTimeoutMs and sessionRenewalsPerMinute (docs/configuration.md,
 * "An HTTP session that expires"); an empty field is the default. Saved through the App API, which
 * checks them against the settings file's bounds again; the running services take them at once.
 */
export function SessionSettingsPanel() {
  const { fields, loadError, shown, saveError, saved, busy, changedElsewhere, change, submit } = useSettingsForm(SESSIONS);
  return (
    <section aria-labelledby="sessions-title" className="panel panel-wide" aria-busy={fields === null && loadError === null}>
      <h2 id="sessions-title">Keeping web services connected</h2>
      <p className="muted">
        For services reached by a web address that keep a session: how a quiet connection is checked, and how often a lost one is made again. Leave a field empty for its default.
      </p>
      {loadError && <ErrorNote error={loadError} />}
      {fields === null && loadError === null && <LoadingSkeleton label="Loading the connection settings" shape="lines" count={3} />}
      {fields && (
        <form className="round-form" aria-label="Connection settings" onSubmit={submit} noValidate>
          <div className="round-fields">
            {SESSION_SETTING_NAMES.map((name) => {
              const fallback = fieldText(name, SESSION_SETTINGS[name].default);
              const text = TEXT[name];
              return (
                <SettingField
                  key={name}
                  id={`session-${name}`}
                  label={SESSION_SETTINGS[name].label}
                  value={fields[name]}
                  placeholder={fallback}
                  unit={inSeconds(name) ? 'seconds' : 'a minute'}
                  hint={`${rangeText(name)}. Default: ${fallback}${text.defaultWords !== undefined ? ` (${text.defaultWords})` : ''}.`}
                  explanation={text.explanation}
                  error={shown[name]}
                  onChange={(value) => change(name, value)}
                />
              );
            })}
          </div>
          {changedElsewhere && (
            <p className="note" role="note">
              These settings were changed elsewhere (another window, the command line or mcp.json) while you edited them. Saving replaces them with yours.
            </p>
          )}
          {saveError && <ErrorNote error={saveError} />}
          <div className="button-row">
            <button type="submit" className="button primary" aria-disabled={busy || undefined}>
              Save connection settings
            </button>
            {saved && (
              <span role="status" className="muted">
                Saved. Running services use them at once.
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
