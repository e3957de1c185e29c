import { useMemo, useState } from 'react';
import { baseType, imageShowable, type SamplingPartView } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { ShowAllText } from '../../components';
import { MESSAGE_HEAD, SAMPLING_TEXT_MAX } from './message-head';

/** The thumbnail's box, in CSS pixels: a larger image is scaled down into it. */
const THUMBNAIL = 240;

/** `12345` → "12.1 KB": a size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `250` → "0.25 s", `2500` → "2.5 s", `125000` → "2:05". */
export function durationText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toPrecision(3))} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** What is known of a part besides its pixels: type, size, duration, why not shown. */
function facts(part: SamplingPartView, unshown: string | undefined): string {
  const known = [
    revealHidden(part.mimeType ?? 'no type given'),
    part.bytes !== undefined ? sizeText(part.bytes) : 'size unknown',
    ...(part.width !== undefined && part.height !== undefined && unshown === undefined ? [`${part.width} × ${part.height}`] : []),
    ...(part.durationMs !== undefined ? [durationText(part.durationMs)] : []),
  ].join(', ');
  return unshown === undefined ? known : `${known}; not shown: ${unshown}`;
}

/**
 * An image the core sent to be shown, checked here again (type, base64, bytes, pixels: a core of
 * another version may send what this page would not show), as a bounded thumbnail from a data: URL
 * of the type checked, never of the text the server sent; its facts when it cannot be shown.
 */
function ImagePart({ part }: { part: SamplingPartView }) {
  const [broken, setBroken] = useState(false);
  const { data, mimeType } = part;
  const check = useMemo(() => (data === undefined || mimeType === undefined ? undefined : imageShowable(data, mimeType)), [data, mimeType]);
  const shown = !broken && check !== undefined && !('unshown' in check) ? check : undefined;
  const unshown = shown !== undefined ? undefined : broken ? 'the image could not be read' : check !== undefined && 'unshown' in check ? check.unshown : (part.unshown ?? 'no data was sent');
  const caption = <span className="ask-part-facts muted">Image: {facts(part, unshown)}</span>;
  if (shown === undefined || data === undefined || mimeType === undefined) return <span className="ask-part">{caption}</span>;
  const scale = Math.min(1, THUMBNAIL / shown.size.width, THUMBNAIL / shown.size.height);
  return (
    <figure className="ask-part ask-image">
      <img
        src={`data:${baseType(mimeType)};base64,${data}`}
        alt={`An image the service sent (${revealHidden(mimeType)})`}
        width={Math.max(1, Math.round(shown.size.width * scale))}
        height={Math.max(1, Math.round(shown.size.height * scale))}
        decoding="async"
        onError={() => setBroken(true)}
      />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** One block of a sampling message: text as text, an image as its thumbnail, audio by its facts (no player: the page's CSP has no `media-src data:`), anything else by its type. */
export function SamplingPart({ part }: { part: SamplingPartView }) {
  if (part.type === 'text') return <ShowAllText as="span" className="ask-message-text" text={part.text ?? ''} head={MESSAGE_HEAD} max={SAMPLING_TEXT_MAX} render={(shown) => revealHidden(shown, ['\n'])} box />;
  if (part.type === 'image') return <ImagePart part={part} />;
  if (part.type === 'audio') {
    return (
      <span className="ask-part">
        <span className="ask-part-facts muted">Audio: {facts(part, undefined)}; not played here</span>
      </span>
    );
  }
  return <span className="ask-part muted">[{revealHidden(part.type)}]</span>;
}
