import type { ResourceContents } from '../../../shared/api';
import { CopyButton, JsonView } from '../../components';
import { shownLine, shownText } from '../../lib';

const SHOWN_IMAGES = /^image\/(png|jpeg|gif|webp)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json$/;

export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function parsedJson(text: string, mimeType: string | undefined): { value: unknown } | null {
  const trimmed = text.trim();
  if (!(mimeType !== undefined && JSON_TYPE.test(mimeType)) && !(trimmed.startsWith('{') || trimmed.startsWith('['))) return null;
  try {
    return { value: JSON.parse(trimmed) as unknown };
  } catch {
    return null;
  }
}

/** A file name for a download: the URI's last segment, letters, digits, `.`, `_` and `-` only. */
export function downloadName(uri: string): string {
  const last = uri.split(/[/\\:?#]/).filter(Boolean).at(-1) ?? '';
  const clean = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return clean.slice(0, 100) || 'resource';
}

function download(base64: string, mimeType: string | undefined, name: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  // application/octet-stream: the browser saves it and never renders what a server sent.
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType && SHOWN_IMAGES.test(mimeType) ? mimeType : 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One item of `resources/read`: text (JSON pretty-printed), an image, or a blob to download; too large: its size. */
export function ResourceContentsItem({ item, index }: { item: ResourceContents; index: number }) {
  const label = `Content ${index + 1} of ${item.uri}`;
  const type = shownLine(item.mimeType ?? 'unknown type');
  if (item.omitted) {
    return (
      <p className="note note-warn">
        This content ({type}) is {byteSize(item.omitted.bytes)}, more than the {byteSize(item.omitted.limit)} the app shows; it is not shown.
      </p>
    );
  }
  if (item.text !== undefined) {
    const json = parsedJson(item.text, item.mimeType);
    return (
      <div className="reader-content">
        <p className="muted">
          Text, {type}
          {json ? ' (JSON, pretty-printed)' : ''}
        </p>
        {json ? (
          <JsonView value={json.value} label={label} />
        ) : (
          <pre className="result-text" role="group" tabIndex={0} aria-label={label}>
            {shownText(item.text)}
          </pre>
        )}
        <CopyButton text={item.text} label="Copy text" />
      </div>
    );
  }
  if (item.blob !== undefined && BASE64.test(item.blob)) {
    const blob = item.blob;
    const size = byteSize(Math.floor((blob.length * 3) / 4));
    const name = downloadName(item.uri);
    const shownName = shownLine(name);
    return (
      <div className="reader-content">
        <p className="muted">
          Binary, {type}, {size}
        </p>
        {item.mimeType !== undefined && SHOWN_IMAGES.test(item.mimeType) && (
          <img className="result-image" src={`data:${item.mimeType};base64,${blob}`} alt={`Image ${name} (${item.mimeType})`} />
        )}
        <button type="button" className="button small" onClick={() => download(blob, item.mimeType, name)}>
          Download {shownName}
        </button>
      </div>
    );
  }
  return <p className="muted">No content.</p>;
}
