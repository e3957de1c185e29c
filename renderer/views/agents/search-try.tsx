import { useId, useState, type FormEvent } from 'react';
import { MAX_NEED_LENGTH, type ApiOutput } from '../../../shared/api';
import { Badge, ErrorNote } from '../../components';
import { describeError, shownLine, TIER_WORD, type ShownError } from '../../lib';
import { useLive } from '../../state';

/**
 * "Try its search": what the agent's search_tools answers for a need, as it would now (findAgentTools),
 * so the person sees which tools an agent in search mode finds, by the names it calls them.
 */
export function SearchTry({ agent }: { agent: string }) {
  const live = useLive();
  const inputId = useId();
  const [need, setNeed] = useState('');
  const [asked, setAsked] = useState('');
  const [answer, setAnswer] = useState<ApiOutput<'findAgentTools'> | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const words = need.trim();
    if (words === '') return;
    setBusy(true);
    setError(null);
    live.api.findAgentTools({ agent, need: words }).then(
      (found) => {
        setAnswer(found);
        setAsked(words);
        setBusy(false);
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setAnswer(null);
        setBusy(false);
      },
    );
  };

  return (
    <div className="search-try">
      <form className="toolbar" onSubmit={search} role="search" aria-label={`Try the search of ${agent}`}>
        <label className="field inline" htmlFor={inputId}>
          <span>A need, in the agent&apos;s words</span>
          <input id={inputId} type="text" value={need} maxLength={MAX_NEED_LENGTH} placeholder="e.g. open an issue in a repository" onChange={(e) => setNeed(e.target.value)} />
        </label>
        <button type="submit" className="button small" disabled={busy || need.trim() === ''}>
          {busy ? 'Searching…' : 'Search'}
        </button>
      </form>
      <p className="muted">
        What {agent}&apos;s search_tools would answer now: only tools it may call, best first, by the names it calls them.
      </p>
      {error && <ErrorNote error={error} />}
      {answer && (
        <div aria-live="polite">
          {answer.nothingFits ? (
            <p>
              Nothing fits “{shownLine(asked)}”: its search would say so.{' '}
              {answer.services.length > 0 ? `The services it may search: ${answer.services.join(', ')}.` : 'It may call no tool now.'}
            </p>
          ) : (
            <ol className="found-tools" aria-label={`Tools ${agent} finds for ${asked}`}>
              {answer.tools.map((t) => (
                <li key={t.name}>
                  <code>{shownLine(t.name)}</code> <span className="muted">{t.server}/{shownLine(t.tool)}</span>
                  {t.title !== undefined && <> — {shownLine(t.title)}</>} <Badge tone={t.tier === 'read' ? 'ok' : t.tier === 'write' ? 'warn' : 'error'}>{TIER_WORD[t.tier]}</Badge>
                  {t.approval === 'asked' && <> <Badge tone="muted">a call asks you</Badge></>}
                </li>
              ))}
            </ol>
          )}
          {answer.left > 0 && <p className="muted">{answer.left} more found did not fit one answer: other words narrow it.</p>}
          {answer.listingNow !== undefined && <p className="muted">{shownLine(answer.listingNow)}</p>}
        </div>
      )}
    </div>
  );
}
