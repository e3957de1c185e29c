import type { AppApi } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { useServerListing } from './use-server-listing';

const fetchPrompts = (api: AppApi, server: string) => api.listPrompts({ server });

export function PromptsPanel({ server }: { server: string }) {
  const { data: prompts, error } = useServerListing(server, fetchPrompts);

  if (error) return <ErrorNote error={error} />;
  if (!prompts) return <p className="empty">Loading prompts…</p>;
  if (prompts.length === 0) return <p className="empty">No prompts.</p>;
  return (
    <>
      <h2>Prompts</h2>
      <ul className="card-list">
        {prompts.map((p) => (
          <li key={p.name} className="card">
            <h3>{p.name}</h3>
            {p.description !== undefined && <p>{p.description}</p>}
            {(p.arguments ?? []).length > 0 && (
              <dl className="facts">
                {(p.arguments ?? []).map((a) => (
                  <div key={a.name}>
                    <dt>
                      <code>{a.name}</code>
                      {a.required === true ? ' (required)' : ''}
                    </dt>
                    <dd>{a.description ?? ''}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
