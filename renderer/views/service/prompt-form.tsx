import { useId, useState } from 'react';
import type { PromptInfo, PromptResult } from '../../../shared/api';
import { ErrorNote, MAX_DESCRIPTION } from '../../components';
import { RequiredMark } from '../../forms';
import { MAX_TITLE, cutText } from '../../../shared/text';
import { describeError, shownLine, shownText, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { ContentItem } from './content-item';

/** A prompt's arguments as fields; Get fetches it as the person and shows its messages. */
export function PromptForm({ prompt }: { prompt: PromptInfo }) {
  const live = useLive();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PromptResult | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const args = prompt.arguments ?? [];

  const get = () => {
    // An optional argument left empty is not sent: the server's default applies.
    const sent = Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== '' || args.some((a) => a.name === name && a.required === true)));
    setBusy(true);
    setError(null);
    setResult(null);
    live.api
      .getPrompt({ server: prompt.server, name: prompt.name, arguments: sent })
      .then(setResult, (failure: unknown) => setError(describeError(failure)))
      .finally(() => setBusy(false));
  };

  return (
    <div>
      <form
        className="inspect-form"
        aria-label={`Arguments of ${prompt.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          get();
        }}
      >
        {args.map((a, i) => (
          // Named by the argument alone, its `*` only seen, as the forms do; the description describes it.
          <div key={a.name} className="field">
            <label htmlFor={`${id}-${i}`}>
              {shownLine(a.name, MAX_TITLE)}
              <RequiredMark required={a.required} />
            </label>
            {a.description !== undefined && (
              <span id={`${id}-${i}-about`} className="field-about">
                {shownText(cutText(a.description, MAX_DESCRIPTION))}
              </span>
            )}
            <input
              id={`${id}-${i}`}
              value={values[a.name] ?? ''}
              required={a.required === true}
              {...(a.description !== undefined ? { 'aria-describedby': `${id}-${i}-about` } : {})}
              onChange={(e) => setValues({ ...values, [a.name]: e.target.value })}
            />
          </div>
        ))}
        <div className="form-buttons">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Getting…' : `Get ${shownLine(prompt.name, MAX_TITLE)}`}
          </button>
        </div>
      </form>
      {error && <ErrorNote error={error} />}
      {result && (
        <section className="reader" aria-label={`Messages of ${prompt.name}`}>
          {result.description !== undefined && <p>{shownText(result.description)}</p>}
          {result.messages.length === 0 && <p className="empty">The prompt has no messages.</p>}
          {result.messages.map((message, i) => (
            <div key={i} className="prompt-message">
              <h4>{shownLine(message.role)}</h4>
              <ContentItem item={message.content} index={i} noun="Message" />
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
