import type { ShownError } from '../lib';
import { CodeSpans } from './code-spans';

/** An error as people read it: what happened, then what to do (the core's hint). */
export function ErrorNote({ error, onDismiss }: { error: ShownError; onDismiss?: () => void }) {
  return (
    <div className="note note-error" role="alert">
      <p className="note-message">
        <CodeSpans text={error.message} />
      </p>
      {error.hint !== undefined && (
        <p className="note-hint">
          <CodeSpans text={error.hint} />
        </p>
      )}
      {onDismiss && (
        <button type="button" className="button small quiet" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
