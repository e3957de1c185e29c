import { useEffect, useRef, useState, type FormEvent } from 'react';
import { INPUT_ROUND_SETTINGS, type InputRoundSetting } from '../../../shared/config';
import { ErrorNote, LoadingSkeleton } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { checkFields, fieldsOf, rangeText, secondsText, type RoundCheck, type RoundFields } from './input-round-model';

interface FieldText {
  label: string;
  /** The default as a person reads it, beside its seconds. */
  defaultWords?: string;
  /** The trade-off, one sentence. */
  tradeOff: string;
}

const TEXT: Record<InputRoundSetting, FieldText> = {
  inputRoundWindowMs: {
    label: 'Time an agent has to answer',
    defaultWords: '5 minutes',
    tradeOff: 'Longer gives a slow agent time to answer; shorter stops sooner a call whose agent never answers, so the service is not kept waiting.',
  },
  inputRoundQuietMs: {
    label: 'Wait for more questions',
    tradeOff: 'Shorter passes a question on sooner; longer keeps questions a service asks together in one go, so the agent answers them at once.',
  },
  inputRoundGatherMaxMs: {
    label: 'Longest time to gather questions',
    tradeOff: 'Longer lets questions that come in slowly reach the agent together; shorter caps how long the agent waits to see the first one.',
  },
};

function RoundField({ name, value, error, onChange }: { name: InputRoundSetting; value: string; error: string | undefined; onChange: (text: string) => void }) {
  const { default: fallback } = INPUT_ROUND_SETTINGS[name];
  const text = TEXT[name];
  const id = `round-${name}`;
  const hint = `${id}-hint`;
  const errorId = `${id}-error`;
  const tradeOffId = `${id}-trade-off`;
  return (
    <div className="round-field">
      <label htmlFor={id}>{text.label}</label>
      <div className="round-input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={value}
          placeholder={secondsText(fallback)}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={`${error !== undefined ? `${errorId} ` : ''}${hint} ${tradeOffId}`}
          autoComplete="off"
        />
        <span className="muted">seconds</span>
      </div>
      <p id={hint} className="round-hint muted">
        {rangeText(name)}. Default: {secondsText(fallback)}
        {text.defaultWords !== undefined ? ` (${text.defaultWords})` : ''}.
      </p>
      <p id={tradeOffId} className="round-hint">
        {text.tradeOff}
      </p>
      {error !== undefined && (
        <p id={errorId} className="note note-error round-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * settings.inputRoundWindowMs, inputRoundQuietMs and inputRoundGatherMaxMs (docs/asks.md, "How long
 * a round gathers"), in seconds; an empty field is the default. Saved through the App API, which
 * checks them against the settings file's bounds again.
 */
export function InputRoundsPanel() {
  const live = useLive();
  const [fields, setFields] = useState<RoundFields | null>(null);
  const [loadError, setLoadError] = useState<ShownError | null>(null);
  const [shown, setShown] = useState<RoundCheck['errors']>({});
  const [saveError, setSaveError] = useState<ShownError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // Unsaved edits are the person's: a change made elsewhere does not replace them, it is said.
  const edited = useRef(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  useEffect(() => {
    let current = true;
    const load = () =>
      live.api.inputRoundSettings({}).then(
        (view) => {
          if (!current) return;
          if (edited.current) return setChangedElsewhere(true);
          setFields(fieldsOf(view));
          setLoadError(null);
        },
        (failure: unknown) => current && setLoadError(describeError(failure)),
      );
    void load();
    // Changed in another window, from the command line or in mcp.json: shown here at once.
    const off = live.api.on('settingsChanged', () => void load());
    return () => {
      current = false;
      off();
    };
  }, [live]);

  const change = (name: InputRoundSetting, text: string) => {
    edited.current = true;
    setFields((current) => (current ? { ...current, [name]: text } : current));
    setSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields) return;
    const { payload, errors } = checkFields(fields);
    setShown(errors);
    setSaveError(null);
    setSaved(false);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    live.api.setInputRoundSettings(payload).then(
      (view) => {
        setBusy(false);
        edited.current = false;
        setChangedElsewhere(false);
        setFields(fieldsOf(view));
        setSaved(true);
      },
      (failure: unknown) => {
        setBusy(false);
        setSaveError(describeError(failure));
      },
    );
  };

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
            {(Object.keys(TEXT) as InputRoundSetting[]).map((name) => (
              <RoundField key={name} name={name} value={fields[name]} error={shown[name]} onChange={(text) => change(name, text)} />
            ))}
          </div>
          {changedElsewhere && (
            <p className="note" role="note">
              These times were changed elsewhere (another window, the command line or mcp.json) while you edited them. Saving replaces them with yours.
            </p>
          )}
          {saveError && <ErrorNote error={saveError} />}
          <div className="button-row">
            <button type="submit" className="button primary" disabled={busy}>
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
