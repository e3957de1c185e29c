import type { ApiInput, InputRoundSettingsView } from '../../../shared/api';
import { INPUT_ROUND_SETTINGS, type InputRoundSetting } from '../../../shared/config';
import { ErrorNote, LoadingSkeleton } from '../../components';
import { checkFields, fieldsOf, rangeText, secondsText } from './input-round-model';
import { SettingField } from './setting-field';
import { useSettingsForm, type SettingsFormSpec } from './use-settings-form';

interface FieldText {
  /** The default as a person reads it, beside its seconds. */
  defaultWords?: string;
  /** The trade-off, one sentence. */
  tradeOff: string;
}

const TEXT: Record<InputRoundSetting, FieldText> = {
  inputRoundWindowMs: {
    defaultWords: '5 minutes',
    tradeOff: 'Longer gives a slow agent time to answer; shorter stops sooner a call whose agent never answers, so the service is not kept waiting.',
  },
  inputRoundQuietMs: {
    tradeOff: 'Shorter passes a question on sooner; longer keeps questions a service asks together in one go, so the agent answers them at once.',
  },
  inputRoundGatherMaxMs: {
    tradeOff: 'Longer lets questions that come in slowly reach the agent together; shorter caps how long the agent waits to see the first one.',
  },
};

const ROUNDS: SettingsFormSpec<InputRoundSettingsView, InputRoundSetting, ApiInput<'setInputRoundSettings'>> = {
  load: (api) => api.inputRoundSettings({}),
  save: (api, payload) => api.setInputRoundSettings(payload),
  fieldsOf,
  check: checkFields,
};

/**
 * settings.inputRoundWindowMs, inputRoundQuietMs and inputRoundGatherMaxMs (docs/asks.md, "How long
 * a round gathers"), in seconds; an empty field is the default. Saved through the App API, which
 * checks them against the settings file's bounds again.
 */
export function InputRoundsPanel() {
  const { fields, loadError, shown, saveError, saved, busy, changedElsewhere, change, submit } = useSettingsForm(ROUNDS);
  return (
    <section aria-labelledby="rounds-title" className="panel panel-wide" aria-busy={fields === null && loadError === null}>
      <h2 id="rounds-title">When agents answer a service&apos;s questions</h2>
      <p className="muted">
        A service may ask a question in the middle of an agent&apos;s call. For agents that answer such questions themselves, these times say how the questions are gathered and how
        long the agent has to answer. Leave a field empty for its default.
      </p>
      {loadError && <ErrorNote error={loadError} />}
      {fields === null && loadError === null && <LoadingSkeleton label="Loading the answer times" shape="lines" count={3} />}
      {fields && (
        <form className="round-form" aria-label="Answer times" onSubmit={submit} noValidate>
          <div className="round-fields">
            {(Object.keys(TEXT) as InputRoundSetting[]).map((name) => {
              const { default: fallback } = INPUT_ROUND_SETTINGS[name];
              const text = TEXT[name];
              return (
                <SettingField
                  key={name}
                  id={`round-${name}`}
                  label={INPUT_ROUND_SETTINGS[name].label}
                  value={fields[name]}
                  placeholder={secondsText(fallback)}
                  unit="seconds"
                  hint={`${rangeText(name)}. Default: ${secondsText(fallback)}${text.defaultWords !== undefined ? ` (${text.defaultWords})` : ''}.`}
                  explanation={text.tradeOff}
                  error={shown[name]}
                  onChange={(value) => change(name, value)}
                />
              );
            })}
          </div>
          {changedElsewhere && (
            <p className="note" role="note">
              These times were changed elsewhere (another window, the command line or mcp.json) while you edited them. Saving replaces them with yours.
            </p>
          )}
          {saveError && <ErrorNote error={saveError} />}
          <div className="button-row">
            <button type="submit" className="button primary" aria-disabled={busy || undefined}>
              Save answer times
            </button>
            {saved && (
              <span role="status" className="muted">
                Saved. Applies from the next question.
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
