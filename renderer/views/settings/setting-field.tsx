/** One setting of a settings panel: its label, the value with its unit, the range and default, what it trades, its problem. */
export interface SettingFieldProps {
  /** Unique on the page: the input's id and its descriptions' prefix. */
  id: string;
  label: string;
  value: string;
  /** Shown in the empty field: the default. */
  placeholder: string;
  unit: string;
  /** The range and the default, one sentence. */
  hint: string;
  /** What the setting trades, one or two sentences. */
  explanation: string;
  error: string | undefined;
  onChange: (text: string) => void;
}

export function SettingField({ id, label, value, placeholder, unit, hint, explanation, error, onChange }: SettingFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const explanationId = `${id}-trade-off`;
  return (
    <div className="round-field">
      <label htmlFor={id}>{label}</label>
      <div className="round-input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={`${error !== undefined ? `${errorId} ` : ''}${hintId} ${explanationId}`}
          autoComplete="off"
        />
        <span className="muted">{unit}</span>
      </div>
      <p id={hintId} className="round-hint muted">
        {hint}
      </p>
      <p id={explanationId} className="round-hint">
        {explanation}
      </p>
      {error !== undefined && (
        <p id={errorId} className="note note-error round-error">
          {error}
        </p>
      )}
    </div>
  );
}
