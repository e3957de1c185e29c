import { useId, useRef, useState } from 'react';
import { API_METHODS, type Confirmation } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { AddressNotes, CopyButton, ErrorNote, JsonView } from '../../components';
import { clockText, describeError, focusWhenShown, nextInList, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { ArgumentList } from './argument-list';
import { claimedProcess } from './claimed-process';
import { serviceWords } from './service-words';
import { ToolTitle } from './tool-name';

function fromText(c: Confirmation): string {
  const where = c.from === 'cli' ? 'the command line' : c.from;
  return c.pid !== undefined ? `${where} (${claimedProcess(c.pid)})` : where;
}

/** A new agent's or rotated token comes back to the person who confirmed, once. */
export function tokenOf(result: unknown): string | undefined {
  if (result === null || typeof result !== 'object') return undefined;
  const token = (result as { token?: unknown }).token;
  return typeof token === 'string' ? token : undefined;
}

interface AskedCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** The tool call (or prompt) a confirmation runs, when that is what it runs: shown by name and arguments. */
function askedCall(c: Confirmation): AskedCall | undefined {
  if (c.method === 'callTool') {
    const call = API_METHODS.callTool.input.safeParse(c.input);
    return call.success ? { server: call.data.server, tool: call.data.tool, arguments: call.data.arguments ?? {} } : undefined;
  }
  if (c.method === 'getPrompt') {
    const prompt = API_METHODS.getPrompt.input.safeParse(c.input);
    return prompt.success ? { server: prompt.data.server, tool: prompt.data.name, arguments: prompt.data.arguments ?? {} } : undefined;
  }
  return undefined;
}

/** The address a server added or changed from the command line would be reached at, if it has one. */
function addressOf(c: Confirmation): string | undefined {
  if (c.method !== 'addServer' && c.method !== 'updateServer') return undefined;
  const input = c.input as { config?: { url?: unknown } } | null;
  const url = input?.config?.url;
  return typeof url === 'string' ? url : undefined;
}

/**
 * Methods whose summary says in words all they do (admin-summary.ts, admin-summary-more.ts; an
 * agent's every field, agent-change-summary.ts): their request as JSON goes under Details. A server's
 * entry is not among them: its summary names its environment's variables, not their values.
 */
const SAID_IN_WORDS: ReadonlySet<string> = new Set([
  'reviewChanges',
  'addAgent',
  'updateAgent',
  'rotateAgent',
  'removeAgent',
  'connectClient',
  'disconnectClient',
  'approveServer',
  'approveSecretStore',
  'setServerEnabled',
  'removeServer',
  'forgetAgents',
  'forgetServers',
  'setSecret',
  'revealSecret',
  'setApiKey',
  'setStoreSecret',
  'deleteStoreSecret',
  'deleteSecret',
  'setBridgePaused',
]);

/** What a confirmation runs: a call as its tool and arguments, a change said in words (the request as JSON under Details), anything else as JSON. */
function WhatItRuns({ confirmation }: { confirmation: Confirmation }) {
  const call = askedCall(confirmation);
  const raw = <JsonView value={{ method: confirmation.method, input: confirmation.input }} label={`What ${confirmation.id} runs`} />;
  if (call === undefined && SAID_IN_WORDS.has(confirmation.method)) {
    return (
      <details>
        <summary>Details: the request as JSON</summary>
        {raw}
      </details>
    );
  }
  if (call === undefined) {
    return (
      <>
        {raw}
        <AddressNotes url={addressOf(confirmation)} />
      </>
    );
  }
  const verb = confirmation.method === 'getPrompt' ? 'Gets the prompt' : 'Calls';
  return (
    <>
      <p>
        {verb} <code>{revealHidden(call.tool)}</code> on <strong>{call.server}</strong>
        {confirmation.method === 'callTool' && <ToolTitle server={call.server} tool={call.tool} />} with:
      </p>
      <ArgumentList value={call.arguments} label={`Arguments of ${call.tool} on ${call.server}`} />
      <details>
        <summary>Details: the request as JSON</summary>
        {raw}
      </details>
    </>
  );
}

/**
 * A change the command line asked for that widens access: exactly what it runs (method and input,
 * redacted), from where, until when; Confirm runs it as the person, Refuse drops it.
 */
export function ConfirmationCard({ confirmation, now, onDone }: { confirmation: Confirmation; now: number; onDone: (id: string, result: unknown) => boolean }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const headingId = useId();
  const item = useRef<HTMLLIElement>(null);
  const decide = (decision: 'confirm' | 'refuse') => {
    setBusy(true);
    setError(null);
    // Decided, the card leaves: focus goes to what it answered (a token to copy), else the next card's Confirm or Allow, else the heading.
    const next = nextInList(item.current, 'button.primary', () => document.getElementById('approvals-title'));
    live.api.decide({ kind: 'confirmation', id: confirmation.id, answer: { decision } }).then(
      (answer) => {
        if (answer.outcome === 'failed') {
          setError({ message: `It was confirmed but did not work: ${answer.error ?? 'the change failed'}` });
          setBusy(false);
          return;
        }
        live.decisions.remove(confirmation.id);
        const answered = onDone(confirmation.id, answer.result);
        const shown = () => [...document.querySelectorAll<HTMLElement>('[data-answered]')].find((card) => card.dataset['answered'] === confirmation.id)?.querySelector<HTMLElement>('button');
        focusWhenShown(answered ? shown : next);
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  const summary = serviceWords(confirmation.summary);
  return (
    <li ref={item} className="card approval confirmation" data-kind="confirmation" aria-labelledby={headingId}>
      <p id={headingId} className="approval-text">
        <strong>{fromText(confirmation)}</strong> asks to {revealHidden(summary)}
      </p>
      <WhatItRuns confirmation={confirmation} />
      <p className="muted" role="timer">
        Refused automatically in {clockText(confirmation.expiresAt - now)}
      </p>
      <div className="button-row">
        <button type="button" className="button small primary" disabled={busy} onClick={() => decide('confirm')} aria-label={`Confirm: ${summary}`}>
          Confirm
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={() => decide('refuse')} aria-label={`Refuse: ${summary}`}>
          Refuse
        </button>
      </div>
      {error && <ErrorNote error={error} />}
    </li>
  );
}

/** A confirmed new agent's (or rotated) token: shown to the person who confirmed, once, until Done. */
export function IssuedToken({ id, summary, token, onDone }: { id: string; summary: string; token: string; onDone: () => void }) {
  return (
    <li className="card" role="status" aria-label={`Token for: ${summary}`} data-answered={id}>
      <p>
        Done: {revealHidden(summary)}. The agent&apos;s token, shown only now:
      </p>
      <pre className="json">{token}</pre>
      <div className="button-row">
        <CopyButton text={token} label="Copy token" secret />
        <button type="button" className="button small" onClick={onDone}>
          Done
        </button>
      </div>
    </li>
  );
}

/** Methods whose answer is what the person asked to see: a confirmed call's result is shown here (the command line has exited). */
export const SHOWN_RESULTS: ReadonlySet<string> = new Set(['callTool', 'readResource', 'getPrompt']);

/** A confirmed call, read or prompt from the command line: its answer, until Done. */
export function ConfirmedResult({ id, summary, result, onDone }: { id: string; summary: string; result: unknown; onDone: () => void }) {
  return (
    <li className="card" role="status" aria-label={`Result of: ${summary}`} data-answered={id}>
      <p>Done: {revealHidden(summary)}. What it answered:</p>
      <JsonView value={result} label={`What ${summary} answered`} />
      <div className="button-row">
        <button type="button" className="button small" onClick={onDone}>
          Done
        </button>
      </div>
    </li>
  );
}
