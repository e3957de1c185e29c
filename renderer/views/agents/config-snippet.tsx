import { useEffect, useId, useState } from 'react';
import { AGENT_CLIENTS, CONFIG_TARGETS, type ApiOutput, type ConfigTarget } from '../../../shared/api';
import { CodeSpans, CopyButton, ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

/** Each client's name from the one list; ACP's as the format it is, since the panel shows its session entries. */
export const TARGET_NAMES: Record<ConfigTarget, string> = { ...(Object.fromEntries(AGENT_CLIENTS.map((c) => [c.id, c.label])) as Record<ConfigTarget, string>), acp: 'ACP' };

/** What stands for the token while it is hidden: never a value that could pass for a token. */
export const HIDDEN_TOKEN = '••••••••••••';

export interface ConfigSnippetProps {
  agent: string;
  /** The real token (shown once): in the copied text always, on screen only while `tokenShown`. */
  token?: string | undefined;
  tokenShown?: boolean;
  /** The client to start with; absent, the one the core assumes (the client its names are made for). */
  target?: ConfigTarget | undefined;
  /** Why `target` is the one shown, e.g. "the client you chose". */
  because?: string;
  /** Without a token: rotate it, then see the configuration for this client with the new one. */
  onRotate?: (target: ConfigTarget) => void;
}

/**
 * A client's configuration for an agent exactly as `agents config` prints it (the App API's
 * agentConfig): which client it assumed, the file it goes in, the configuration, the notes.
 */
export function ConfigSnippet({ agent, token, tokenShown = false, target, because, onRotate }: ConfigSnippetProps) {
  const live = useLive();
  const selectId = useId();
  const [chosen, setChosen] = useState<ConfigTarget | undefined>(target);
  const [config, setConfig] = useState<ApiOutput<'agentConfig'> | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    live.api.agentConfig({ name: agent, ...(chosen !== undefined ? { for: chosen } : {}), ...(token !== undefined ? { token } : {}) }).then(
      (result) => current && setConfig(result),
      (failure: unknown) => current && setError(describeError(failure)),
    );
    return () => {
      current = false;
    };
  }, [live, agent, chosen, token]);

  const shownFor = chosen ?? config?.for;
  // Named after the configuration on screen, which follows the choice once the core answers.
  const name = config !== null ? TARGET_NAMES[config.for] : 'client';
  const why = chosen === undefined && config?.assumed !== undefined ? `Assumed ${config.assumed}` : because !== undefined && config?.for === target ? `${name}: ${because}` : undefined;
  const text = config === null ? '' : token !== undefined && !tokenShown ? config.text.split(token).join(HIDDEN_TOKEN) : config.text;
  return (
    <div className="config-snippet">
      <p className="config-for">
        <label htmlFor={selectId}>Configuration for</label>
        <select id={selectId} value={shownFor ?? ''} disabled={shownFor === undefined} onChange={(e) => setChosen(CONFIG_TARGETS.find((t) => t === e.target.value))}>
          {shownFor === undefined && <option value="">…</option>}
          {CONFIG_TARGETS.map((t) => (
            <option key={t} value={t}>
              {TARGET_NAMES[t]}
            </option>
          ))}
        </select>
      </p>
      {shownFor !== undefined && (
        <p className="muted">
          To paste yourself: the same as <code>{`connected-services agents config "${agent}" --for ${shownFor}`}</code> prints.
        </p>
      )}
      {why !== undefined && (
        <p className="muted">
          <CodeSpans text={why} />. Choose another client above to see its configuration; <em>Edit access</em> changes the client its tool names are made for.
        </p>
      )}
      {error && <ErrorNote error={error} />}
      {config && token === undefined && (
        <div className="note" role="note" aria-label={`Token of ${agent}`}>
          <p>
            The token of {agent} was shown only when it was created or last rotated (only its hash is kept), so where the token goes this configuration holds
            a reference the client fills in — a variable, a prompt, or <code>PASTE_THE_AGENT_TOKEN_HERE</code> — not the token. Put in the token you saved,
            or rotate it to get a new one here (the current token then stops working for every client using it).
          </p>
          {onRotate && (
            <button type="button" className="button small" onClick={() => onRotate(config.for)}>
              Rotate the token of {agent} and show this configuration
            </button>
          )}
        </div>
      )}
      {config && (
        <>
          {config.file !== undefined && (
            <p>
              Paste into <CodeSpans text={config.file} />
            </p>
          )}
          <div className="snippet-block">
            <pre className="snippet" role="group" tabIndex={0} aria-label={`${name} configuration for ${agent}`}>
              {text}
            </pre>
            <CopyButton text={config.text} label={`Copy ${name} configuration`} secret={token !== undefined} />
          </div>
          {(config.notes ?? []).length > 0 && (
            <ul className="snippet-notes" aria-label={`Notes on the ${name} configuration`}>
              {(config.notes ?? []).map((note) => (
                <li key={note}>
                  <CodeSpans text={note} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
