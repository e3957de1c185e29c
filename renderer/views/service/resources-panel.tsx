import type { AppApi } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { useServerListing } from './use-server-listing';

const fetchResources = (api: AppApi, server: string) => api.listResources({ server });

export function ResourcesPanel({ server }: { server: string }) {
  const { data: data, error } = useServerListing(server, fetchResources);

  if (error) return <ErrorNote error={error} />;
  if (!data) return <p className="empty">Loading resources…</p>;
  return (
    <>
      <h2>Resources</h2>
      {data.resources.length === 0 ? (
        <p className="empty">No resources.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">URI</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {data.resources.map((r) => (
              <tr key={r.uri}>
                <td>{r.name}</td>
                <td>
                  <code>{r.uri}</code>
                </td>
                <td>{r.mimeType ?? ''}</td>
                <td>{r.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Resource templates</h2>
      {data.templates.length === 0 ? (
        <p className="empty">No resource templates.</p>
      ) : (
        <ul className="plain-list">
          {data.templates.map((t) => (
            <li key={t.uriTemplate}>
              <strong>{t.name}</strong> <code>{t.uriTemplate}</code> {t.description !== undefined && <span className="muted">{t.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
