export interface NewValueFormProps {
  /** What is replaced, as the row names it ("New value for NAME"). */
  name: string;
  value: string;
  onValue: (value: string) => void;
  /** Called with a value that is not empty; the row decides what saving it means (store now, or confirm first). */
  onSubmit: (value: string) => void;
}

/** A credential's or a store entry's replacement value: typed hidden, saved only once something is typed. */
export function NewValueForm({ name, value, onValue, onSubmit }: NewValueFormProps) {
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== '') onSubmit(value);
      }}
    >
      <label className="field">
        <span>New value for {name}</span>
        <input type="password" autoComplete="off" value={value} onChange={(e) => onValue(e.target.value)} />
      </label>
      <button type="submit" className="button small primary" disabled={value === ''}>
        Save new value
      </button>
    </form>
  );
}
