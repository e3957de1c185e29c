import type { AppApi } from '../../../shared/api';
import { ErrorNote, LoadingSkeleton } from '../../components';
import { shownLine, shownText } from '../../lib';
import { PromptForm } from './prompt-form';
import { useServerListing } from './use-server-listing';
import './inspect.css';

const fetchPrompts = (api: AppApi, server: string) => api.listPrompts({ server });

/** The server's prompts, each with its arguments as a form that gets it and shows its messages. */
export function PromptsPanel({ server }: { server: string }) {
  const { data: prompts, error } = useServerListing(server, fetchPrompts);

  if (error) return <ErrorNote error={error} />;
  if (!prompts) return <LoadingSkeleton label="Loading prompts" shape="cards" count={2} />;
  if (prompts.length === 0) return <p className="empty">No prompts.</p>;
  return (
    <>
      <h2>Prompts</h2>
      <ul className="card-list">
        {prompts.map((p) => (
          <li key={p.name} className="card">
            <h3>{shownLine(p.name)}</h3>
            {p.description !== undefined && <p>{shownText(p.description)}</p>}
            <PromptForm prompt={p} />
          </li>
        ))}
      </ul>
    </>
  );
}
