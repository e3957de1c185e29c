import { useState } from 'react';
import type { AppApi } from '../../../shared/api';
import { CutDescription, ErrorNote, LoadingSkeleton, Table } from '../../components';
import { shownLine } from '../../lib';
import { ResourceReader } from './resource-reader';
import { TemplateForm } from './template-form';
import { useServerListing } from './use-server-listing';
import './inspect.css';

const fetchResources = (api: AppApi, server: string) => api.listResources({ server });

/** The server's resources (each opens when clicked) and templates (filled in, then read). */
export function ResourcesPanel({ server }: { server: string }) {
  const { data: data, error } = useServerListing(server, fetchResources);
  const [reading, setReading] = useState<string | null>(null);
  const [filling, setFilling] = useState<string | null>(null);

  if (error) return <ErrorNote error={error} />;
  if (!data) return <LoadingSkeleton label="Loading resources" />;
  return (
    <>
      <h2>Resources</h2>
      {data.resources.length === 0 ? (
        <p className="empty">No resources.</p>
      ) : (
        // Each row's name is a button: the keyboard reaches the table through them. On a phone-wide
        // window each row is a card: four columns left the URI a few letters wide.
        <Table caption={`Resources of ${server}`} columns={['Name', 'URI', 'Type', 'Description']} scrollable={false} className="stack-narrow">
          {data.resources.map((r) => (
            <tr key={r.uri}>
              <td data-label="Name">
                <button type="button" className="link-button" aria-label={`Read ${r.name}`} aria-pressed={reading === r.uri} onClick={() => setReading(r.uri)}>
                  {shownLine(r.name)}
                </button>
              </td>
              <td className="resource-uri" data-label="URI">
                <code>{shownLine(r.uri)}</code>
              </td>
              <td data-label="Type">{shownLine(r.mimeType ?? '')}</td>
              <td data-label="Description">{r.description !== undefined && <CutDescription text={r.description} as="span" />}</td>
            </tr>
          ))}
        </Table>
      )}
      <h2>Resource templates</h2>
      {data.templates.length === 0 ? (
        <p className="empty">No resource templates.</p>
      ) : (
        <ul className="card-list">
          {data.templates.map((t, i) => (
            <li key={t.uriTemplate} className="card">
              <h3>{shownLine(t.name)}</h3>
              <p className="resource-uri">
                <code>{shownLine(t.uriTemplate)}</code>
              </p>
              {t.description !== undefined && <CutDescription text={t.description} className="muted" />}
              {filling === t.uriTemplate ? (
                <TemplateForm
                  template={t}
                  onRead={(uri) => setReading(uri)}
                  onCancel={() => {
                    setFilling(null);
                    // Focus goes back to the button that opened the form.
                    requestAnimationFrame(() => document.getElementById(`fill-template-${i}`)?.focus());
                  }}
                />
              ) : (
                <button type="button" id={`fill-template-${i}`} className="button small" onClick={() => setFilling(t.uriTemplate)}>
                  Fill in {shownLine(t.name)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {reading !== null && <ResourceReader server={server} uri={reading} onClose={() => setReading(null)} />}
    </>
  );
}
