import { useCallback, useEffect, useRef, useState } from 'react';
import type { AgentView, BridgeInfo, ConfigTarget } from '../../../shared/api';
import { Badge, CodeSpans, CopyButton, ErrorNote, LoadingSkeleton, PageHeader } from '../../components';
import { agentCardHeading, describeError, focusWhenShown, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { AgentCard } from './agent-card';
import { AgentDialog } from './agent-dialog';
import { TokenOncePanel } from './token-once-panel';
import './agents.css';

/** A token shown once, until the person says it is saved. */
interface Revealed {
  agent: string;
  token: string;
  target?: ConfigTarget | undefined;
  because?: string;
}

/** Agents that reach services through the bridge: their tokens, access and client configuration. */
export function AgentsView() {
  const live = useLive();
  const [agents, setAgents] = useState<AgentView[] | null>(null);
  const [bridge, setBridge] = useState<BridgeInfo | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [dialog, setDialog] = useState<{ agent?: AgentView } | null>(null);
  // The only place a token lives in the UI, and only until the person closes the panel.
  // Each token shown once stays until its own "I have saved it": a second agent made meanwhile adds a panel, never replaces one.
  const [revealed, setRevealed] = useState<readonly Revealed[]>([]);
  const show = useCallback((shown: Revealed) => setRevealed((list) => [shown, ...list.filter((r) => r.agent !== shown.agent)]), []);
  const [generation, setGeneration] = useState(0);
  const createButton = useRef<HTMLButtonElement>(null);
  const tokenPanel = useRef<HTMLElement>(null);
  /** The dialog closed on a create: focus goes to the new token, not back to Create agent. */
  const justCreated = useRef(false);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let current = true;
    const load = () =>
      live.api.listAgents({}).then(
        (list) => current && setAgents(list),
        (failure: unknown) => current && setError(describeError(failure)),
      );
    void load();
    live.api.bridgeInfo({}).then(
      (info) => current && setBridge(info),
      () => undefined,
    );
    const off = live.api.on('agentsChanged', () => void load());
    const offBridge = live.api.on('bridgeChanged', (info) => current && setBridge(info));
    return () => {
      current = false;
      off();
      offBridge();
    };
  }, [live, generation]);

  const reveal = useCallback(
    (agent: string, token: string, target?: ConfigTarget) => {
      setDialog(null);
      show({ agent, token, target });
      reload();
    },
    [reload, show],
  );
  const created = useCallback(
    (agent: string, token: string, target: ConfigTarget | undefined) => {
      justCreated.current = true;
      setDialog(null);
      show({ agent, token, target, because: 'the client you chose' });
      reload();
    },
    [reload, show],
  );
  const edit = useCallback((agent: AgentView) => {
    justCreated.current = false;
    setDialog({ agent });
  }, []);

  return (
    <section className="agents" aria-labelledby="agents-title" aria-busy={agents === null && !error}>
      <PageHeader title={<span id="agents-title">Agents</span>} lead="Each AI agent gets its own token for the bridge, limited to the services and tools you allow.">
        <button
          ref={createButton}
          type="button"
          className="button primary"
          onClick={() => {
            justCreated.current = false;
            setDialog({});
          }}
        >
          Create agent
        </button>
      </PageHeader>
      {bridge && (
        <p className="bridge-line">
          {bridge.running && bridge.url !== undefined ? (
            <>
              Agents connect to <code>{bridge.url}</code> <CopyButton text={bridge.url} label="Copy bridge address" />
              {bridge.paused && <Badge tone="warn">paused: every agent call is refused</Badge>}
              <button
                type="button"
                className="button small"
                aria-pressed={bridge.paused}
                onClick={() => void live.api.setBridgePaused({ paused: !bridge.paused }).then(setBridge, (failure: unknown) => setError(describeError(failure)))}
              >
                {bridge.paused ? 'Resume agent calls' : 'Pause all agent calls'}
              </button>
            </>
          ) : (
            <span className="muted">
              The bridge is not running{bridge.error !== undefined ? ': ' : ''}
              {bridge.error !== undefined && <CodeSpans text={bridge.error.replace(/\.$/, '')} />}.
            </span>
          )}
        </p>
      )}
      {error && <ErrorNote error={error} />}
      {revealed.map((shown, place) => (
        <TokenOncePanel
          key={shown.agent}
          agent={shown.agent}
          token={shown.token}
          target={shown.target}
          because={shown.because}
          {...(place === 0 ? { panelRef: tokenPanel } : {})}
          onDone={() => {
            setRevealed((list) => list.filter((r) => r !== shown));
            // The panel leaves with the button pressed: focus goes to the agent's card.
            focusWhenShown(
              () => agentCardHeading(shown.agent),
              () => createButton.current,
            );
          }}
        />
      ))}
      {agents === null && !error && <LoadingSkeleton label="Loading your agents" shape="cards" />}
      {agents && agents.length === 0 && <p className="empty">No agents yet. Create one, then paste its configuration into your AI client.</p>}
      {agents && agents.length > 0 && (
        <ul className="card-list">
          {agents.map((agent) => (
            <AgentCard key={agent.name} agent={agent} onEdit={edit} onRotated={reveal} onChanged={reload} />
          ))}
        </ul>
      )}
      {dialog && <AgentDialog {...(dialog.agent ? { agent: dialog.agent } : {})} onClose={() => setDialog(null)} onSaved={reload} onCreated={created} settledFocus={() => (justCreated.current ? tokenPanel.current : null)} />}
    </section>
  );
}
