import { useEffect, useId, useState } from 'react';
import { CONFIG_TARGETS, type ConfigTarget } from '../../../shared/api';
import { CodeSpans, CopyButton, ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

const TARGET_NAMES: Record<ConfigTarget, string> = {
  'claude-code': 'Claude Code',
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code',
  acp: 'ACP',
};

/** A ready-to-paste client configuration; with `token`, it holds the real token (shown once). */
export function ConfigSnippet({ agent, token }: { agent: string; token?: string | undefined }) {
  const live = useLive();
  const selectId = useId();
  const [target, setTarget] = useState<ConfigTarget>('claude-code');
  const [snippet, setSnippet] = useState<{ text: string; file?: string | undefined } | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  useEffect(() => {
    let current = true;
    setSnippet(null);
    setError(null);
    live.api.agentConfig({ name: agent, for: target, ...(token !== undefined ? { token } : {}) }).then(
      (result) => current && setSnippet(result),
      (failure: unknown) => current && setError(describeError(failure)),
    );
    return () => {
      current = false;
    };
  }, [live, agent, target, token]);

  return (
    <div className="config-snippet">
      <div className="toolbar">
        <label className="field inline" htmlFor={selectId}>
          <span>Configuration for</span>
        </label>
        <select id={selectId} value={target} onChange={(e) => setTarget(e.target.value as ConfigTarget)}>
          {CONFIG_TARGETS.map((t) => (
            <option key={t} value={t}>
              {TARGET_NAMES[t]}
            </option>
          ))}
        </select>
        {snippet && <CopyButton text={snippet.text} label={`Copy ${TARGET_NAMES[target]} configuration`} />}
      </div>
      {error && <ErrorNote error={error} />}
      {snippet && (
        <>
          {snippet.file !== undefined && (
            <p className="muted">
              Paste into <CodeSpans text={snippet.file} />
            </p>
          )}
          <pre className="snippet" role="group" tabIndex={0} aria-label={`${TARGET_NAMES[target]} configuration for ${agent}`}>
            {snippet.text}
          </pre>
        </>
      )}
    </div>
  );
}
