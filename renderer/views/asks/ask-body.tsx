import type { RJSFSchema } from '@rjsf/utils';
import { formDefaults, sensitiveFields, type AskContent, type PendingAsk } from '../../../shared/api';
import { groupDigits, joinedList, revealHidden } from '../../../shared/text';
import { ShowAllText } from '../../components';
import { SchemaForm } from '../../forms';
import { LARGE_MAX_TOKENS, MESSAGE_HEAD, SAMPLING_TEXT_MAX } from './message-head';
import { SamplingPart } from './sampling-part';

export interface AskBodyProps {
  ask: PendingAsk;
  busy: boolean;
  answer: (action: 'accept' | 'decline' | 'cancel', content?: AskContent) => void;
  openUrl: () => void;
}

function Refuse({ ask, busy, answer }: Pick<AskBodyProps, 'ask' | 'busy' | 'answer'>) {
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => answer('decline')} aria-label={`Decline the request of ${ask.server}`}>
        Decline
      </button>
      <button type="button" className="button quiet" disabled={busy} onClick={() => answer('cancel')} aria-label={`Cancel the request of ${ask.server}`}>
        Cancel
      </button>
    </>
  );
}

/** A form generated from the requested schema, its defaults filled in (SEP-1034); a form asking for secrets can only be declined. */
function FormAsk({ ask, busy, answer }: AskBodyProps) {
  const schema = (ask.requestedSchema ?? { type: 'object', properties: {} }) as RJSFSchema;
  // Judged here too: a core of another version may judge by fewer words than this page shows.
  const sensitive = [...new Set([...(ask.sensitive ?? []), ...sensitiveFields(ask.requestedSchema ?? {})])];
  if (sensitive.length > 0) {
    return (
      <>
        <div className="note note-warn" role="note">
          <p>
            This form asks for what looks like a secret ({sensitive.map((f) => revealHidden(f)).join(', ')}). Services must not ask for
            passwords, tokens or keys by form; decline it, and sign in to the service another way if it needs one.
          </p>
        </div>
        <div className="form-buttons">
          <Refuse ask={ask} busy={busy} answer={answer} />
        </div>
      </>
    );
  }
  return (
    <SchemaForm<AskContent>
      schema={schema}
      formData={formDefaults(ask.requestedSchema ?? {})}
      idPrefix={`ask-${ask.id}`}
      label={`The form of ${ask.server}`}
      submitText="Accept"
      disabled={busy}
      onSubmit={(data) => answer('accept', data)}
    >
      <Refuse ask={ask} busy={busy} answer={answer} />
    </SchemaForm>
  );
}

/** URL mode: the origin first and large, the whole address as text (never a link); opened only by the button, after the core's checks. */
function UrlAsk({ ask, busy, answer, openUrl }: AskBodyProps) {
  return (
    <>
      <p className="ask-origin">
        <span className="muted">Opens </span>
        <strong data-testid="ask-origin">{revealHidden(ask.origin ?? 'an address that is not a web origin')}</strong>
      </p>
      <p>
        <code className="ask-url">{revealHidden(ask.url ?? '')}</code>
      </p>
      {ask.urlProblem !== undefined && (
        <div className="note note-warn" role="note">
          <p>This address will not be opened: {ask.urlProblem}.</p>
        </div>
      )}
      <div className="form-buttons">
        <button type="button" className="button" disabled={busy || ask.urlProblem !== undefined} onClick={openUrl}>
          Open in browser
        </button>
        {/* Done tells the server the person finished at the address: not offered when it cannot be opened. */}
        {ask.urlProblem === undefined && (
          <button type="button" className="button primary" disabled={busy} onClick={() => answer('accept')}>
            Done
          </button>
        )}
        <Refuse ask={ask} busy={busy} answer={answer} />
      </div>
    </>
  );
}

/** “END”, “STOP” or “DONE”: each text in quotes, its hidden characters (a newline too) as escapes. */
function quoted(texts: string[]): string {
  return joinedList(texts.map((t) => `“${revealHidden(t)}”`), { conjunction: 'or' });
}

/** The rest of what goes to the agent with the messages: temperature, stop sequences, the server's model preferences. */
function SamplingSettings({ ask }: Pick<AskBodyProps, 'ask'>) {
  const preferences = ask.modelPreferences;
  const priorities: [string, number | undefined][] = [
    ['cost', preferences?.costPriority],
    ['speed', preferences?.speedPriority],
    ['intelligence', preferences?.intelligencePriority],
  ];
  const given = priorities.filter(([, value]) => value !== undefined);
  return (
    <>
      {ask.temperature !== undefined && <p className="muted">Temperature {ask.temperature}.</p>}
      {ask.stopSequences !== undefined && ask.stopSequences.length > 0 && <p className="muted">The model stops writing at {quoted(ask.stopSequences)}.</p>}
      {preferences?.hints !== undefined && preferences.hints.length > 0 && (
        <p className="muted">The service suggests the model {quoted(preferences.hints)}; the agent’s client picks the model.</p>
      )}
      {given.length > 0 && <p className="muted">Priorities: {given.map(([name, value]) => `${name} ${String(value)}`).join(', ')}.</p>}
    </>
  );
}

/** The longest answer the service asks for: a large one stands out, since every token of it is paid for. */
function TokenLimit({ maxTokens }: { maxTokens: number }) {
  if (maxTokens <= LARGE_MAX_TOKENS) return <p className="muted">At most {groupDigits(maxTokens)} tokens.</p>;
  return (
    <div className="note note-warn" role="note">
      <p>
        The service asks for an answer of up to <strong>{groupDigits(maxTokens)} tokens</strong>. The agent’s model is paid by the token, so a long answer
        may cost money; decline if this request should not need that many.
      </p>
    </div>
  );
}

/** Sampling: all that the agent's model would receive; approved one request at a time. */
function SamplingAsk({ ask, busy, answer }: AskBodyProps) {
  return (
    <>
      {ask.systemPrompt !== undefined && (
        <p>
          <span className="muted">System prompt: </span>
          {revealHidden(ask.systemPrompt)}
        </p>
      )}
      <ol className="ask-messages">
        {(ask.messages ?? []).map((m, i) => (
          <li key={i}>
            <span className="muted">{revealHidden(m.role)}: </span>
            {m.parts === undefined ? (
              <ShowAllText as="span" className="ask-message-text" text={m.text} head={MESSAGE_HEAD} max={SAMPLING_TEXT_MAX} render={(shown) => revealHidden(shown, ['\n'])} box />
            ) : (
              <div className="ask-parts">
                {m.parts.map((part, k) => (
                  <SamplingPart key={k} part={part} />
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
      {ask.maxTokens !== undefined && <TokenLimit maxTokens={ask.maxTokens} />}
      <SamplingSettings ask={ask} />
      <div className="form-buttons">
        <button type="button" className="button primary" disabled={busy} onClick={() => answer('accept')}>
          Send to the agent
        </button>
        <Refuse ask={ask} busy={busy} answer={answer} />
      </div>
    </>
  );
}

export function AskBody(props: AskBodyProps) {
  if (props.ask.kind === 'url') return <UrlAsk {...props} />;
  if (props.ask.kind === 'sampling') return <SamplingAsk {...props} />;
  return <FormAsk {...props} />;
}
