import { useEffect, useState } from 'react';
import type { PromptInfo } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

export function PromptsPanel({ server }: { server: string }) {
  const live = useLive();
  const [prompts, setPrompts] = useState<PromptInfo[] | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  useEffect(() => {
    let current = true;
    const load = () =>
      live.api.listPrompts({ server }).then(
        (result) => current && setPrompts(result),
        (failure: unknown) => current && setError(describeError(failure)),
      );
    void load();
    const off = live.api.on('inventoryChanged', (event) => {
      if (event.server === server) void load();
    });
    return () => {
      current = false;
      off();
    };
  }, [live, server]);

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
