import { useId, useRef, useState } from 'react';
import { AGENT_LISTING_BOUND, listingSize, type AgentView, type ConfigTarget, type ConnectClient, type PolicyDecision } from '../../../shared/api';
import { Badge, ConfirmDialog, TimeAgo } from '../../components';
import { shownLine, timestamp, TIER_WORD } from '../../lib';
import { useLive } from '../../state';
import { asksOf, ELICITATION_CHOICES, ROOTS_CHOICES, SAMPLING_CHOICES, summaryOf } from './agent-asks';
import { AsksForm } from './asks-form';
import { ConnectClientDialog, RemoveClientEntries } from '../clients';
import { ConfigSnippet } from './config-snippet';
import { SearchTry } from './search-try';
import { RULE_WORD, ToolRuleForm } from './tool-rule-form';
import { UnknownServersNote } from './unknown-servers-note';

const TONE: Record<PolicyDecision, 'ok' | 'warn' | 'error'> = { allow: 'ok', ask: 'warn', deny: 'error' };

export interface AgentCardProps {
  agent: AgentView;
  onEdit: (agent: AgentView) => void;
  /** With the client whose configuration to show with the new token (rotated from "Show configuration to paste"). */
  onRotated: (name: string, token: string, target?: ConfigTarget) => void;
  onChanged: () => void;
}

/** One agent: what it may reach, its policy, when it was last used, and its actions. */
/** An `auto` agent's listing now, from the size of its tools. */
function autoNow(listing: NonNullable<AgentView['autoListing']>): string {
  return listing.searches ? `a search now: its tools are many (${listingSize(listing)})` : `all now: its tools are few (${listingSize(listing)})`;
}

export function AgentCard({ agent, onEdit, onRotated, onChanged }: AgentCardProps) {
  const live = useLive();
  const titleId = useId();
  const [confirm, setConfirm] = useState<'rotate' | 'remove' | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [entriesToRemove, setEntriesToRemove] = useState<ConnectClient[]>([]);
  const [showConfig, setShowConfig] = useState(false);
  /** Rotating from "Show configuration to paste": the client whose configuration to show with the new token. */
  const [rotateFor, setRotateFor] = useState<ConfigTarget | undefined>(undefined);
  const [addingRule, setAddingRule] = useState(false);
  const [editingAsks, setEditingAsks] = useState(false);
  const [trying, setTrying] = useState(false);
  const tryButton = (
    <button type="button" className="button small" onClick={() => setTrying((v) => !v)} aria-expanded={trying} aria-label={`Try its search, for ${agent.name}`}>
      Try its search
    </button>
  );
  const asksButton = useRef<HTMLButtonElement>(null);
  const closeAsks = () => {
    setEditingAsks(false);
    asksButton.current?.focus();
  };
  // The form and its Add rule leave: focus goes back to what opened it, as the asks form's does.
  const ruleButton = useRef<HTMLButtonElement>(null);
  const closeRule = () => {
    setAddingRule(false);
    ruleButton.current?.focus();
  };
  const asks = asksOf(agent);
  const fromCode = agent.fromCode === true;
  const overrides = Object.entries(agent.tools).flatMap(([server, tools]) => Object.entries(tools).map(([tool, decision]) => ({ server, tool, decision })));
  return (
    <li className="card agent" aria-labelledby={titleId} data-agent={agent.name}>
      <div className="card-head">
        <h3 id={titleId} tabIndex={-1}>
          {agent.name}
        </h3>
        {fromCode && (
          <span className="badge badge-info" title="Declared in a program's code, not in agents.json: its token is that program's; change or remove it in that program">
            from code
          </span>
        )}
        <span className="muted">
          created {timestamp(agent.createdAt)} · {agent.lastUsedAt !== undefined ? <>last used <TimeAgo at={agent.lastUsedAt} /></> : 'never used'}
          {agent.protocol !== undefined && <> · speaks MCP {shownLine(agent.protocol)}</>}
        </span>
      </div>
      <dl className="facts">
        <dt>Services</dt>
        <dd>
          {agent.servers === '*' ? 'all services' : agent.servers.length === 0 ? 'none' : agent.servers.join(', ')}
          <UnknownServersNote agent={agent} />
        </dd>
        <dt>Policy</dt>
        <dd className="badges">
          <Badge tone={TONE[agent.policy.read]}>{TIER_WORD.read}: {agent.policy.read}</Badge>
          <Badge tone={TONE[agent.policy.write]}>{TIER_WORD.write}: {agent.policy.write}</Badge>
          <Badge tone={TONE[agent.policy.destructive]}>{TIER_WORD.destructive}: {agent.policy.destructive}</Badge>
        </dd>
        <dt>Tool names</dt>
        <dd>
          {agent.names === 'plain' ? 'each tool’s own' : 'service and tool (service__tool)'}
          {agent.names === 'plain' && (agent.keptPrefix ?? []).length > 0 && (
            <> — these keep their service because two of its services offer them: {shownLine((agent.keptPrefix ?? []).join(', '))}</>
          )}
        </dd>
        <dt>Tools it lists</dt>
        <dd>
          {agent.toolMode === 'search' ? 'a search and call tools' : agent.toolMode === 'auto' ? 'all while few, a search once many' : `every tool it may call (a service whose tools take more than ${AGENT_LISTING_BOUND} to list is searched instead)`}
          {agent.boundSearched === '*' && <> — its services list past {AGENT_LISTING_BOUND} together: it searches all of them</>}
          {Array.isArray(agent.boundSearched) && <> — searched now: {shownLine(agent.boundSearched.join(', '))}</>}
          {agent.autoListing !== undefined && <> — {autoNow(agent.autoListing)}</>}
        </dd>
        <dt>Tools it finds</dt>
        <dd>{agent.listFound === true ? 'added to its list' : 'not added to its list'}</dd>
        <dt>Names made for</dt>
        <dd>{agent.client === undefined ? 'no client in particular' : typeof agent.client === 'number' ? `a client prefix of ${agent.client} characters` : agent.client}</dd>
        <dt>Resources and prompts as tools</dt>
        <dd>{agent.resourceTools === true ? 'offered (list_resources, read_resource, get_prompt)' : 'not offered'}</dd>
        <dt>Input a service asks for</dt>
        <dd>{summaryOf(ELICITATION_CHOICES, asks.elicitation)}</dd>
        <dt>Completions a service asks for</dt>
        <dd>{summaryOf(SAMPLING_CHOICES, asks.sampling)}</dd>
        <dt>Folders a service asks for</dt>
        <dd>{summaryOf(ROOTS_CHOICES, asks.roots)}</dd>
        {overrides.length > 0 && (
          <>
            <dt>Per-tool rules</dt>
            <dd>
              <ul className="plain-list">
                {overrides.map((o) => (
                  <li key={`${o.server}/${o.tool}`}>
                    <code>
                      {o.server}/{shownLine(o.tool)}
                    </code>
                    : {RULE_WORD[o.decision]}{' '}
                    {!fromCode && (
                    <button
                      type="button"
                      className="button small quiet"
                      aria-label={`Remove the rule for ${o.server}/${o.tool}`}
                      onClick={() => void live.api.updateAgent({ name: agent.name, tools: [{ server: o.server, tool: o.tool, decision: null }] }).then(onChanged, () => undefined)}
                    >
                      Remove rule
                    </button>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      {fromCode ? (
        <div>
          <p className="muted">Declared in a program&apos;s code: it is changed in that program, which holds its token. Removing it here ends that token at once.</p>
          <div className="button-row">
            {tryButton}
            <button type="button" className="button small danger" onClick={() => setConfirm('remove')} aria-label={`Remove agent ${agent.name}`}>
              Remove
            </button>
          </div>
        </div>
      ) : (
      <div className="button-row">
        <button type="button" className="button small" onClick={() => onEdit(agent)} aria-label={`Edit access of ${agent.name}`}>
          Edit access
        </button>
        <button ref={ruleButton} type="button" className="button small" onClick={() => setAddingRule((v) => !v)} aria-expanded={addingRule} aria-label={`Add tool rule for ${agent.name}`}>
          Add tool rule
        </button>
        <button
          ref={asksButton}
          type="button"
          className="button small"
          onClick={() => setEditingAsks((v) => !v)}
          aria-expanded={editingAsks}
          aria-label={`Change when services ask, for ${agent.name}`}
        >
          Change when services ask
        </button>
        {/* The agent's name is in the text itself, so what is seen is what is announced (WCAG 2.5.3);
            a long one is cut here (whole in the card's head and the title), so the row keeps its lines. */}
        <button type="button" className="button small primary" onClick={() => setConnecting(true)} title={`Connect ${agent.name} to an installed client`}>
          <span>
            Connect <span className="cut-name">{agent.name}</span> to an installed client
          </span>
        </button>
        <button type="button" className="button small" onClick={() => setShowConfig((v) => !v)} aria-expanded={showConfig} aria-label={`Show configuration to paste for ${agent.name}`}>
          Show configuration to paste
        </button>
        {tryButton}
        <button type="button" className="button small" onClick={() => setConfirm('rotate')} aria-label={`Rotate token of ${agent.name}`}>
          Rotate token
        </button>
        <button type="button" className="button small danger" onClick={() => setConfirm('remove')} aria-label={`Remove agent ${agent.name}`}>
          Remove
        </button>
      </div>
      )}
      {trying && <SearchTry agent={agent.name} />}
      {addingRule && (
        <ToolRuleForm
          agent={agent}
          onCancel={closeRule}
          onSaved={() => {
            closeRule();
            onChanged();
          }}
        />
      )}
      {editingAsks && (
        <AsksForm
          agent={agent}
          onCancel={closeAsks}
          onSaved={() => {
            closeAsks();
            onChanged();
          }}
        />
      )}
      {showConfig && (
        <ConfigSnippet
          agent={agent.name}
          onRotate={(target) => {
            setRotateFor(target);
            setConfirm('rotate');
          }}
        />
      )}
      {connecting && <ConnectClientDialog agent={agent.name} onClose={() => setConnecting(false)} onConnected={onChanged} />}
      {confirm === 'rotate' && (
        <ConfirmDialog
          title={`Rotate the token of ${agent.name}`}
          confirmLabel="Rotate token"
          // The new token is shown once, at the top of the page: focus goes there, as after Create agent.
          settledFocus={() => [...document.querySelectorAll<HTMLElement>('section[data-token-for]')].find((panel) => panel.dataset['tokenFor'] === agent.name) ?? null}
          onClose={() => {
            setConfirm(null);
            setRotateFor(undefined);
          }}
          onConfirm={async () => {
            const { token } = await live.api.rotateAgent({ name: agent.name });
            setShowConfig(false);
            onRotated(agent.name, token, rotateFor);
          }}
        >
          <p>The current token stops working at once; you will see the new one once.</p>
        </ConfirmDialog>
      )}
      {confirm === 'remove' && (
        <ConfirmDialog
          title={`Remove ${agent.name}`}
          confirmLabel="Remove agent"
          danger
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            for (const client of entriesToRemove) await live.api.disconnectClient({ agent: agent.name, client });
            await live.api.removeAgent({ name: agent.name });
            onChanged();
          }}
        >
          <p>Its token stops working at once and its rules are deleted: every client using it loses these services.</p>
          <RemoveClientEntries agent={agent.name} onChange={setEntriesToRemove} />
        </ConfirmDialog>
      )}
    </li>
  );
}
