import { JsonView, SafeLink } from '../../components';
import { shownLine, shownText } from '../../lib';

const SHOWN_IMAGES = /^image\/(png|jpeg|gif|webp)$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function prettyText(text: string): { json: unknown } | null {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return null;
  try {
    return { json: JSON.parse(trimmed) as unknown };
  } catch {
    return null;
  }
}

/** One content block of a tool result. Images become data: URLs only for raster image content. */
export function ContentItem({
  item,
  index,
  noun = 'Result',
}: {
  item: Record<string, unknown>;
  index: number;
  /** What the block is part of: a tool's result (default), a prompt's message. */
  noun?: string;
}) {
  const type = str(item['type']) ?? 'unknown';
  if (type === 'text') {
    const text = str(item['text']) ?? '';
    const parsed = prettyText(text);
    if (parsed) return <JsonView value={parsed.json} label={`${noun} ${index + 1} (JSON)`} />;
    return (
      <pre className="result-text" role="group" tabIndex={0} aria-label={`${noun} ${index + 1}`}>
        {shownText(text)}
      </pre>
    );
  }
  if (type === 'image') {
    const mime = str(item['mimeType']) ?? '';
    const data = str(item['data']) ?? '';
    if (SHOWN_IMAGES.test(mime) && BASE64.test(data)) {
      return <img className="result-image" src={`data:${mime};base64,${data}`} alt={`Image ${noun.toLowerCase()} ${index + 1} (${mime})`} />;
    }
    return <p className="muted">An image of type {shownLine(mime || 'unknown')} that is not shown here.</p>;
  }
  if (type === 'audio') {
    const size = Math.round(((str(item['data']) ?? '').length * 3) / 4 / 1024);
    return <p className="muted">Audio ({shownLine(str(item['mimeType']) ?? 'unknown type')}, about {size} KB), not played here.</p>;
  }
  if (type === 'resource_link') {
    const uri = str(item['uri']);
    return (
      <p>
        Link to resource <strong>{shownLine(str(item['name']) ?? uri ?? '')}</strong>: <SafeLink href={uri} fromServer>{shownLine(uri ?? '')}</SafeLink>
        {str(item['description']) !== undefined && <span className="muted"> — {shownText(str(item['description']) ?? '')}</span>}
      </p>
    );
  }
  if (type === 'resource' && typeof item['resource'] === 'object' && item['resource'] !== null) {
    const resource = item['resource'] as Record<string, unknown>;
    return (
      <div className="result-resource">
        <p>
          Resource <code>{shownLine(str(resource['uri']) ?? '')}</code> {str(resource['mimeType']) !== undefined && <span className="muted">({shownLine(str(resource['mimeType']) ?? '')})</span>}
        </p>
        {str(resource['text']) !== undefined ? (
          <pre className="result-text" role="group" tabIndex={0} aria-label={`Resource ${index + 1}`}>
            {shownText(str(resource['text']) ?? '')}
          </pre>
        ) : (
          <p className="muted">Binary content, not shown.</p>
        )}
      </div>
    );
  }
  return <JsonView value={item} label={`${noun} ${index + 1} (${type})`} />;
}
