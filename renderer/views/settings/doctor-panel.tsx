import { useCallback, useEffect, useState } from 'react';
import type { DoctorCheck } from '../../../shared/api';
import { Badge, CodeSpans, ErrorNote, PathText } from '../../components';
import { describeError, plural, screenHint, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { pathInDetail } from './check-path';
import { checkWords } from './check-words';

const TONE = { ok: 'ok', warn: 'warn', fail: 'error' } as const;
const WORD = { ok: 'ok', warn: 'warning', fail: 'failed' } as const;

/** A check's detail; a path in it wraps only after a "/", as under Settings → Data. */
function CheckDetail({ check }: { check: DoctorCheck }) {
  const shown = pathInDetail(check);
  if (shown === undefined) return <CodeSpans text={check.detail} />;
  return (
    <>
      <PathText path={shown.path} />
      {shown.rest}
    </>
  );
}

/** The core's self-checks, problems first, each with its fix. */
export function DoctorPanel() {
  const live = useLive();
  const [checks, setChecks] = useState<DoctorCheck[] | null>(null);
  // Which run is under way: the button pressed says so, the other waits.
  const [busy, setBusy] = useState<'app' | 'services' | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  // `live`: also one harmless request per connected service, to say which would fail now.
  const check = useCallback(
    (withServices: boolean) => {
      setBusy(withServices ? 'services' : 'app');
      setError(null);
      live.api
        .doctor(withServices ? { live: true } : {})
        .then(
          (result) => setChecks(result.map(checkWords)),
          (failure: unknown) => setError(describeError(failure)),
        )
        .finally(() => setBusy(null));
    },
    [live],
  );
  const run = useCallback(() => check(false), [check]);

  useEffect(run, [run]);

  const order = { fail: 0, warn: 1, ok: 2 };
  const sorted = [...(checks ?? [])].sort((a, b) => order[a.status] - order[b.status]);
  const problems = sorted.filter((c) => c.status !== 'ok').length;
  return (
    <section aria-labelledby="doctor-title" className="panel panel-wide">
      <div className="panel-head">
        <h2 id="doctor-title">Checks</h2>
        {/* One group at the end of the heading: with space-between, two buttons would split around the middle. */}
        <div className="button-row">
          <button type="button" className="button small" disabled={busy !== null} onClick={run}>
            {busy === 'app' ? 'Checking…' : 'Run checks again'}
          </button>
          <button type="button" className="button small" disabled={busy !== null} onClick={() => check(true)}>
            {busy === 'services' ? 'Checking services…' : 'Check services now'}
          </button>
        </div>
      </div>
      <p className="muted">
        <em>Run checks again</em> looks at this app and each service's entry without starting anything. <em>Check services now</em> also asks every enabled service
        one harmless question, starting those not running, to say which would fail now.
      </p>
      {error && <ErrorNote error={error} />}
      {checks && (
        <p role="status" className="muted">
          {problems === 0
            ? checks.length === 1
              ? 'The check passed.'
              : `All ${checks.length} checks passed.`
            : `${problems} of ${plural(checks.length, 'check')} ${problems === 1 ? 'needs' : 'need'} attention.`}
        </p>
      )}
      <ul className="checks">
        {sorted.map((check) => (
          <li key={check.id} className={`check check-${check.status}`}>
            <Badge tone={TONE[check.status]}>{WORD[check.status]}</Badge>
            <div>
              <p className="check-title">{check.title}</p>
              <p className="check-detail">
                <CheckDetail check={check} />
              </p>
              {check.fix !== undefined && (
                <p className="check-fix">
                  <strong>Fix:</strong> <CodeSpans text={screenHint(check.fix)} />
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
