import { useEffect, useRef, useState } from 'react';
import type { ResourceRead } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { describeError, shownLine, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { ResourceContentsItem } from './resource-contents';

/** Reads `uri` from the server as the person (starting it if needed) and shows what came back. */
export function ResourceReader({ server, uri, onClose }: { server: string; uri: string; onClose: () => void }) {
  const live = useLive();
  const [read, setRead] = useState<ResourceRead | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    setRead(null);
    setError(null);
    // Opened below a long list (at a narrow width, below the fold): bring it to the top of the window.
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
    live.api.readResource({ server, uri }).then(
      (result) => current && setRead(result),
      (failure: unknown) => current && setError(describeError(failure)),
    );
    return () => {
      current = false;
    };
  }, [live, server, uri]);

  return (
    <section className="reader" aria-labelledby="reader-title" aria-busy={read === null && error === null}>
      <h3 id="reader-title" ref={heading} tabIndex={-1}>
        Contents of <code>{shownLine(uri)}</code>
      </h3>
      {error && <ErrorNote error={error} />}
      {!error && read === null && <p role="status">Reading…</p>}
      {read?.contents.length === 0 && <p className="empty">The service returned no contents.</p>}
      {read?.contents.map((item, i) => <ResourceContentsItem key={`${item.uri}-${i}`} item={item} index={i} />)}
      <button type="button" className="button small" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
