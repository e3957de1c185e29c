import { useState } from 'react';
import type { AgentView, ServerStatus, ToolInfo } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { describeError, routeHref, TIER_WORD, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { cellOf, type CellChoice } from './access-model';

const LABEL: Record<CellChoice, string> = { tiers: 'Tiers', allow: 'Allow', ask: 'Ask', deny: 'Deny', block: 'Block' };

/** Its setting per kind of tool, in the words of its card on Agents ("read-only: allow"). */
function tierSummary(agent: AgentView): string {
  return (['read', 'write', 'destructive'] as const).map((tier) => `${TIER_WORD[tier]}: ${agent.policy[tier]}`).join(', ');
}

/** Agents × services: Block (not among its services), its tiers, or Allow / Ask for every tool of the service. */
export function AccessMatrix({ agents, servers, tools, onChanged }: { agents: AgentView[]; servers: ServerStatus[]; tools: ToolInfo[]; onChanged: () => void }) {
  const live = useLive();
  const [error, setError] = useState<ShownError | null>(null);
  const toolsOf = (server: string) => tools.filter((t) => t.server === server).map((t) => t.name);
  const choose = async (agent: AgentView, server: string, choice: CellChoice) => {
    const names = toolsOf(server);
    const all = servers.map((s) => s.name);
    const current = agent.servers === '*' ? all : agent.servers;
    if (choice === 'block') {
      await live.api.updateAgent({ name: agent.name, servers: current.filter((s) => s !== server) });
      return;
    }
    const servicesNow = current.includes(server) ? undefined : [...current, server];
    const decision = choice === 'tiers' ? null : choice;
    await live.api.updateAgent({
      name: agent.name,
      ...(servicesNow !== undefined ? { servers: servicesNow } : {}),
      tools: names.map((tool) => ({ server, tool, decision })),
    });
  };
  // Say which is missing and where to make it: "no agents or no services" left a new user guessing.
  if (servers.length === 0) {
    return (
      <p className="muted">
        No services yet. <a href={routeHref({ screen: 'catalog' })}>Add a service</a>, then choose here which agent may use it.
      </p>
    );
  }
  if (agents.length === 0) {
    return (
      <p className="muted">
        No agents yet. <a href={routeHref({ screen: 'agents' })}>Create an agent</a>, then choose here which of your services it may use.
      </p>
    );
  }
  return (
    <div className="access-matrix-wrap">
      {error && <ErrorNote error={error} onDismiss={() => setError(null)} />}
      <table className="access-matrix stack-narrow">
        <caption className="visually-hidden">Which agent may use which service</caption>
        <thead>
          <tr>
            <th scope="col">Agent</th>
            {servers.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <tr key={agent.name}>
              <th scope="row">
                {agent.name}
                <div className="muted small">{tierSummary(agent)}</div>
              </th>
              {servers.map((s) => {
                const cell = cellOf(agent, s.name, toolsOf(s.name));
                return (
                  <td key={s.name} className={`cell-${cell}`} data-label={s.name}>
                    <select
                      aria-label={`${agent.name} on ${s.name}`}
                      value={cell}
                      onChange={(e) => {
                        setError(null);
                        choose(agent, s.name, e.target.value as CellChoice).then(onChanged, (failure: unknown) => setError(describeError(failure)));
                      }}
                    >
                      {(['tiers', 'allow', 'ask', 'deny', 'block'] as const).map((c) => (
                        <option key={c} value={c} disabled={(c === 'allow' || c === 'ask' || c === 'deny') && toolsOf(s.name).length === 0}>
                          {c === 'tiers' ? 'As its policy' : c === 'deny' ? 'Deny every call' : c === 'block' ? 'Block (not offered)' : `${LABEL[c]} every call`}
                        </option>
                      ))}
                    </select>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
