import { useState } from 'react';
import type { AppApi } from '../../../shared/api';
import { MAX_TITLE } from '../../../shared/text';
import { CutDescription, ErrorNote, LoadingSkeleton } from '../../components';
import { shownLine } from '../../lib';
import { PromptForm } from './prompt-form';
import { useServerListing } from './use-server-listing';
import './inspect.css';

const fetchPrompts = (api: AppApi, server: string) => api.listPrompts({ server });

/** How many prompt cards show at once, and how many more each "Show more" adds: a real server has a few. */
export const PROMPTS_PAGE = 50;

/** The server's prompts, each with its arguments as a form that gets it and shows its messages. */
export function PromptsPanel({ server }: { server: string }) {
  const { data: prompts, error } = useServerListing(server, fetchPrompts);
  const [count, setCount] = useState(PROMPTS_PAGE);

  if (error) return <ErrorNote error={error} />;
  if (!prompts) return <LoadingSkeleton label="Loading prompts" shape="cards" count={2} />;
  if (prompts.length === 0) return <p className="empty">No prompts.</p>;
  const rest = prompts.length - count;
  return (
    <>
      <h2>Prompts</h2>
      <ul className="card-list">
        {prompts.slice(0, count).map((p) => (
          <li key={p.name} className="card">
            <h3>{shownLine(p.name, MAX_TITLE)}</h3>
            {p.description !== undefined && <CutDescription text={p.description} />}
            <PromptForm prompt={p} />
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <p>
          <span className="muted">
            {count} of {prompts.length} prompts shown.{' '}
          </span>
          <button type="button" className="button small" onClick={() => setCount(count + PROMPTS_PAGE)}>
            Show {Math.min(rest, PROMPTS_PAGE)} more
          </button>
        </p>
      )}
    </>
  );
}
