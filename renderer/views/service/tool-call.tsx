import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { destructiveWordOf, type ApiEventPayload, type CallResult as Result, type ToolInfo } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { MAX_FORM_FIELDS, SchemaForm, formFields } from '../../forms';
import { describeError, focusIfLost, newCallId, shownLine, shownText, type ShownError } from '../../lib';
import { useClock, useLive } from '../../state';
import { AppPanel } from './app/app-panel';
import { CallResult } from './call-result';
import { recordToolCall, ToolHistory } from './tool-history';

type Progress = ApiEventPayload<'callProgress'>;

/** Why calling it may lose data: its own hint, else its name, by which agents' policies judge it. */
function destructiveNote(tool: ToolInfo): string | undefined {
  if (tool.annotations?.destructiveHint === true) return 'This tool says it may change or delete data.';
  if (tool.tier !== 'destructive') return undefined;
  const word = destructiveWordOf(tool.name);
  const marked = word !== undefined ? `“${word}” in its name marks it destructive` : 'Its name marks it destructive';
  return `${marked}: agents' policies treat it so, and it may remove or undo things for good.`;
}

/** The tool's input schema as a form; the call goes through the core with the vault's credentials. */
export function ToolCall({ tool }: { tool: ToolInfo }) {
  const live = useLive();
  const clock = useClock();
  const [calling, setCalling] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<{ result: Result; elapsedMs: number; args: Record<string, unknown> } | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [cancel, setCancel] = useState<'asked' | 'done' | null>(null);
  const cancelledId = useRef<string | null>(null);
  const mounted = useRef(true);
  const [history, setHistory] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // At a narrow width the answer is below the form: bring it into view when it arrives.
  useEffect(() => {
    if (outcome !== null || error !== null) resultRef.current?.scrollIntoView?.({ block: 'start' });
  }, [outcome, error]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (calling === null) return undefined;
    return live.api.on('callProgress', (event) => {
      if (event.callId === calling) setProgress(event);
    });
  }, [live, calling]);

  const schema = useMemo(() => {
    const { $schema: _ignored, ...rest } = tool.inputSchema;
    const schema: RJSFSchema = { type: 'object', ...rest };
    return schema;
  }, [tool.inputSchema]);
  const tooWide = useMemo(() => formFields(schema) > MAX_FORM_FIELDS, [schema]);

  const call = (args: Record<string, unknown>) => {
    const callId = newCallId();
    const started = clock.now();
    setFormData(args);
    setCalling(callId);
    setProgress(null);
    setOutcome(null);
    setError(null);
    setCancel(null);
    // The form (and its Call button) is disabled while the call runs: keep focus on its progress.
    focusIfLost(() => statusRef.current);
    void live.api
      .callTool({ server: tool.server, tool: tool.name, arguments: args, callId })
      .then(
        (result) => {
          const elapsedMs = Math.round(clock.now() - started);
          recordToolCall(tool, { at: started, who: 'you', outcome: result.isError === true ? 'tool_error' : 'ok', ms: elapsedMs, args });
          if (mounted.current) setOutcome({ result, elapsedMs, args });
        },
        (failure: unknown) => {
          recordToolCall(tool, { at: started, who: 'you', outcome: cancelledId.current === callId ? 'cancelled' : 'error', ms: Math.round(clock.now() - started), args });
          if (!mounted.current) return;
          // A call the person cancelled ends as they asked: said plainly, not as a failure.
          if (cancelledId.current === callId) setCancel('done');
          else setError(describeError(failure));
        },
      )
      .finally(() => {
        if (!mounted.current) return;
        setCalling(null);
        setHistory((h) => h + 1);
        // The progress (and its Cancel) is gone: focus goes to the answer, else the heading.
        focusIfLost(() => (resultRef.current?.childElementCount ? resultRef.current : null), () => headingRef.current);
      });
  };

  /** Asks the core to cancel: the service is sent notifications/cancelled for this call. */
  const cancelCall = (callId: string) => {
    cancelledId.current = callId;
    setCancel('asked');
    live.api.cancelCall({ callId }).then(
      ({ cancelled }) => {
        // Already finished: its answer (or error) is shown as it came.
        if (!cancelled && mounted.current) cancelledId.current = null;
      },
      (failure: unknown) => {
        cancelledId.current = null;
        if (mounted.current) setError(describeError(failure));
      },
    );
  };

  return (
    <section className="tool-call" aria-labelledby="tool-call-title">
      <h3 id="tool-call-title" ref={headingRef} tabIndex={-1}>
        Try it
      </h3>
      {destructiveNote(tool) !== undefined && <p className="note note-warn">{destructiveNote(tool)}</p>}
      {tooWide ? (
        <p className="note" role="note">
          This tool's input has more than {MAX_FORM_FIELDS} fields, more than a form here shows. Call it from a terminal:{' '}
          <code className="command-line">
            connected-services call {shownLine(tool.server)} {shownLine(tool.name)} {"'{…}'"}
          </code>
        </p>
      ) : (
        <SchemaForm<Record<string, unknown>>
          key={`${tool.server}/${tool.name}`}
          idPrefix={`call-${tool.name}`}
          label={`Arguments of ${tool.name}`}
          schema={schema}
          formData={formData}
          onChange={setFormData}
          submitText={calling !== null ? 'Calling…' : `Call ${shownLine(tool.name)}`}
          disabled={calling !== null}
          onSubmit={call}
        />
      )}
      {calling !== null && (
        <div className="progress" role="status" ref={statusRef} tabIndex={-1}>
          {progress?.total !== undefined ? (
            <progress value={progress.progress} max={progress.total} aria-label={`Progress of ${tool.name}`} />
          ) : (
            <progress aria-label={`Progress of ${tool.name}`} />
          )}
          <span>
            {progress
              ? `${shownText(progress.message ?? 'Working')}${progress.total !== undefined ? ` (${progress.progress} of ${progress.total})` : ''}`
              : 'Calling…'}
          </span>
          <button
            type="button"
            className="button small"
            disabled={cancel === 'asked'}
            onClick={() => cancelCall(calling)}
            aria-label={`Cancel the call of ${tool.name}`}
          >
            {cancel === 'asked' ? 'Cancelling…' : 'Cancel'}
          </button>
        </div>
      )}
      {cancel === 'done' && calling === null && (
        <p className="note" role="status">
          Cancelled: {tool.server} was told to stop this call of {shownLine(tool.name)}.
        </p>
      )}
      <div ref={resultRef} tabIndex={-1} className={`call-answer${outcome && tool.app?.resourceUri !== undefined ? ' with-app' : ''}`}>
        {error && <ErrorNote error={error} />}
        {outcome && <CallResult result={outcome.result} tool={shownLine(tool.name)} elapsedMs={outcome.elapsedMs} />}
        {outcome && tool.app?.resourceUri !== undefined && <AppPanel tool={tool} args={outcome.args} result={outcome.result} />}
      </div>
      <ToolHistory tool={tool} version={history} onRerun={call} disabled={calling !== null} />
    </section>
  );
}
