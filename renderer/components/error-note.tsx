import type { ShownError } from '../lib';
import { hintSentence } from '../../shared/errors';
import { CodeSpans } from './code-spans';

/** An error as people read it: what happened, then what to do (the core's hint). */
export function ErrorNote({ error, onDismiss }: { error: ShownError; onDismiss?: () => void }) {
  return (
    <div className="note note-error" role="alert">
      <p className="note-message">
        <CodeSpans text={hintSentence(error.message)} />
      </p>
      {error.hint !== undefined && (
        <p className="note-hint">
          <CodeSpans text={hintSentence(error.hint)} />
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
