import { useEffect, useRef, useState } from 'react';
import { AddServiceFailureSchema, type AddServiceResult } from '../../../shared/api';
import { AddressNotes, CodeSpans, Dialog, ErrorNote } from '../../components';
import { describeError, focusIfLost, routeHref, shownLine, shownText, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';
import { SignInProgressPanel } from '../device-login/sign-in-progress';
import { UserCode } from '../device-login/user-code';
import { connectSteps, noteBesideFailedStep, type StepInput } from './connect-steps';
import type { ConnectTarget } from './connect-target';

export interface ConnectSheetProps {
  target: ConnectTarget;
  /** Closed: `added` when the service stays (connected), so focus can go to its row. */
  onClose: (added: boolean) => void;
  /** The service is connected: the person goes on to it. */
  onConnected: (name: string) => void;
  /** Given: back to the form it came from, to change what was typed (before connecting, or after a failure that kept nothing). */
  onBack?: () => void;
}

const MARK = { done: '✓', undone: '↺', active: '…', waiting: '·', not_needed: '–', failed: '✕' } as const;

/**
 * One sheet for one service: what will run and where its secrets go (the one consent, which is the
 * approval), then each step live as the core does it in one call (`addService`): stored, added,
 * approved, signed in (the address with Open, Copy and Cancel, or the device code), started with its
 * tools. A failed or cancelled step leaves nothing behind, and the sheet says so.
 */
export function ConnectSheet({ target, onClose, onConnected, onBack }: ConnectSheetProps) {
  const live = useLive();
  const { servers } = useStore(live.servers);
  const signIns = useStore(live.signIns);
  const devices = useStore(live.deviceLogins);
  const [shown, setShown] = useState<{ commandLine?: string; needsApproval: boolean; notes: string[] } | null>(null);
  const [outcome, setOutcome] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [result, setResult] = useState<AddServiceResult | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [failure, setFailure] = useState<StepInput['failure']>(undefined);
  const stepsRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live_ = true;
    target
      .run({ dryRun: true })
      .then((answer) => live_ && setShown({ ...(answer.commandLine !== undefined ? { commandLine: answer.commandLine } : {}), needsApproval: answer.needsApproval, notes: answer.notes ?? [] }))
      .catch((failure: unknown) => live_ && setError(describeError(failure)));
    return () => {
      live_ = false;
    };
  }, [target]);

  const start = () => {
    if (shown === null) return;
    setOutcome('running');
    setError(null);
    setFailure(undefined);
    // The consent button is gone once it runs: focus follows the steps instead of the page (WCAG 2.4.3).
    focusIfLost(() => stepsRef.current);
    void (async () => {
      try {
        const answer = await target.run(shown.commandLine !== undefined ? { approve: { commandLine: shown.commandLine } } : {});
        setResult(answer);
        setOutcome('done');
        await live.servers.refresh();
      } catch (thrown) {
        const said = describeError(thrown);
        const data = AddServiceFailureSchema.safeParse(typeof thrown === 'object' && thrown !== null && 'data' in thrown ? thrown.data : undefined);
        setError(data.success ? noteBesideFailedStep(said, data.data.failed) : said);
        setFailure(data.success ? { ...data.data.failed, ...(said.code !== undefined ? { code: said.code } : {}) } : undefined);
        setOutcome('failed');
        await live.servers.refresh();
      }
    })();
  };

  const started = outcome !== 'idle';
  const status = result?.status ?? (started ? servers.find((s) => s.name === target.name) : undefined);
  const signIn = started ? signIns.get(target.name) : undefined;
  const device = signIn?.state === 'waiting' && signIn.flow === 'device' ? devices.get(target.name) : undefined;
  const steps = connectSteps({ plan: target, needsApproval: shown?.needsApproval ?? false, started, outcome: outcome === 'idle' ? 'running' : outcome, status, signIn, ...(failure !== undefined ? { failure } : {}) });
  const consent = shown?.needsApproval === true ? (target.remote ? 'Approve where it sends secrets and connect' : 'Approve and connect') : 'Connect';
  // "Start again": the core restarts the sign-in in place, and the transaction waits for the new one.
  const restartSignIn = () => {
    const flow = signIn?.flow === 'browser' || signIn?.flow === 'device' ? signIn.flow : undefined;
    void live.api.connect({ name: target.name, retry: true, ...(flow !== undefined ? { flow } : {}) }).catch(() => undefined);
  };
  const close = () => onClose(outcome === 'done');
  // A failure that kept the service (its sign-in failed) is changed on its own page, not by adding it again.
  const canGoBack = onBack !== undefined && (outcome === 'idle' || (outcome === 'failed' && servers.every((s) => s.name !== target.name)));

  return (
    <Dialog title={`Connect ${target.name}`} onClose={close}>
      {shown?.needsApproval === true && (
        <>
          <p>{target.remote ? `Whenever ${target.name} is used, these secrets from your vault are sent to this address:` : `This program will run on this computer with your permissions whenever ${target.name} is used:`}</p>
          <pre className="command-line" role="group" aria-label="What you approve" tabIndex={0}>
            {shownLine(shown.commandLine ?? '')}
          </pre>
        </>
      )}
      {shown?.needsApproval === false && target.url !== undefined && (
        <>
          <p>{target.name} is reached at this address. No program is started for it, and none of your stored secrets is sent there:</p>
          <pre className="command-line" role="group" aria-label="Where it connects" tabIndex={0}>
            {shownLine(target.url)}
          </pre>
        </>
      )}
      {shown !== null && <AddressNotes url={target.url} />}
      {/* Before the consent: a folder typed wrong (Filesystem's) would otherwise show only as the server's own failure. */}
      {outcome === 'idle' &&
        shown?.notes.map((note) => (
          <p key={note} className="note note-warn">
            <CodeSpans text={note} />
          </p>
        ))}
      {shown === null && error === null && <p role="status">Reading what {target.name} will run…</p>}
      {target.secretNames.length > 0 && <p className="muted">What you typed goes into the vault, for {target.name} only: {target.secretNames.join(', ')}.</p>}
      <ol className="connect-steps" ref={stepsRef} tabIndex={-1} aria-label={`Steps to connect ${target.name}`}>
        {steps.map((s) => (
          <li key={s.id} data-step={s.id} data-state={s.state}>
            <span aria-hidden="true" className="connect-step-mark">
              {MARK[s.state]}
            </span>{' '}
            {s.label}
            <span className="visually-hidden"> ({s.state.replace('_', ' ')})</span>
            {s.detail !== undefined && (
              <span className="muted">
                {' — '}
                <CodeSpans text={s.detail} />
              </span>
            )}
          </li>
        ))}
      </ol>
      {failure?.output !== undefined && (
        <>
          <p className="muted">What {target.name} printed before it stopped (its entry is removed, so this is the one place to read it):</p>
          <pre className="command-line" role="group" aria-label={`What ${target.name} printed`} tabIndex={0}>
            {shownText(failure.output)}
          </pre>
        </>
      )}
      {signIn?.state === 'waiting' && signIn.flow !== 'device' && (
        <SignInProgressPanel
          progress={signIn}
          busy={false}
          onCancel={() => void live.api.cancelLogin({ name: target.name }).catch(() => undefined)}
          onRetry={restartSignIn}
          onDismiss={() => live.signIns.dismiss(target.name)}
        />
      )}
      {device?.userCode !== undefined && (
        <div role="group" aria-label={`Code for ${target.name}`}>
          <p>Enter this code at {device.verificationUri}:</p>
          <UserCode code={device.userCode} />
          <button type="button" className="button small" onClick={() => void live.api.cancelLogin({ name: target.name }).catch(() => undefined)}>
            Cancel sign-in
          </button>
        </div>
      )}
      {error && <ErrorNote error={error} />}
      {outcome === 'done' && (
        <p className="note note-ok" role="status">
          {target.name} is connected{status !== undefined ? ` with ${status.toolCount} ${status.toolCount === 1 ? 'tool' : 'tools'}` : ''}.
        </p>
      )}
      <div className="button-row">
        {outcome === 'idle' && (
          <button type="button" className="button primary" disabled={shown === null} onClick={start}>
            {consent}
          </button>
        )}
        {outcome === 'failed' && (
          <button type="button" className="button primary" onClick={start}>
            Try again
          </button>
        )}
        {canGoBack && (
          <button type="button" className="button" onClick={onBack}>
            Change settings
          </button>
        )}
        {outcome === 'done' && (
          <a className="button primary" href={routeHref({ screen: 'service', server: target.name, tab: 'overview' })} onClick={() => onConnected(target.name)}>
            Open {target.name}
          </a>
        )}
        <button type="button" className="button" onClick={close} disabled={outcome === 'running'}>
          {outcome === 'done' ? 'Done' : 'Cancel'}
        </button>
      </div>
    </Dialog>
  );
}
