import { useEffect, useState } from 'react';
import type { BridgeInfo } from '../../../shared/api';
import { CodeSpans, LoadingSkeleton } from '../../components';
import { shownLine } from '../../lib';
import { useLive } from '../../state';

export function BridgePanel() {
  const live = useLive();
  const [info, setInfo] = useState<BridgeInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    live.api.bridgeInfo({}).then(setInfo, () => setFailed(true));
  }, [live]);
  return (
    <section aria-labelledby="bridge-title" className="panel" aria-busy={info === null && !failed}>
      <h2 id="bridge-title">Agent bridge</h2>
      {info === null && !failed && <LoadingSkeleton label="Loading the bridge's address" shape="lines" count={2} />}
      {failed && <p className="muted">The bridge did not answer.</p>}
      {info && (
        <dl className="facts">
          <dt>Address</dt>
          <dd>{info.url !== undefined ? <code>{shownLine(info.url)}</code> : 'not listening'}</dd>
          <dt>State</dt>
          <dd>{info.running ? (info.paused ? 'paused' : 'running') : 'stopped'}</dd>
          {info.error !== undefined && (
            <>
              <dt>Problem</dt>
              <dd>
                <CodeSpans text={info.error} />
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
