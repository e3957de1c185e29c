import { Fragment } from 'react';
import { routeHref, type ShownError } from '../lib';
import { hintSentence } from '../../shared/errors';
import { CodeSpans } from './code-spans';

/** Where a hint sends the person for the checks (screenHint in describe-error.ts): a link there. */
const CHECKS = 'Settings → Checks';

function HintText({ text }: { text: string }) {
  const parts = text.split(CHECKS);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <a href={routeHref({ screen: 'settings' })}>{CHECKS}</a>}
          <CodeSpans text={part} />
        </Fragment>
      ))}
    </>
  );
}

/** An error as people read it: what happened, then what to do (the core's hint). */
export function ErrorNote({ error, onDismiss }: { error: ShownError; onDismiss?: () => void }) {
  return (
    <div className="note note-error" role="alert">
      <p className="note-message">
        <CodeSpans text={hintSentence(error.message)} />
      </p>
      {error.hint !== undefined && (
        <p className="note-hint">
          <HintText text={hintSentence(error.hint)} />
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
