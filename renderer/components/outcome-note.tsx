/** What an action did, said once it is done; `warn` when it left something the person may think gone. */
export function OutcomeNote({ text, warn = false, onDismiss }: { text: string; warn?: boolean; onDismiss: () => void }) {
  return (
    <div className={`note ${warn ? 'note-warn' : 'note-ok'}`} role="status">
      <p className="note-message">{text}</p>
      <button type="button" className="button small quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
