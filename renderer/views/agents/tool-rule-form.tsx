import { useId, useState, type FormEvent } from 'react';
import { POLICY_DECISIONS, type AgentView, type PolicyDecision } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';

export interface ToolRuleFormProps {
  agent: AgentView;
  onSaved: () => void;
  onCancel: () => void;
}

/** A rule's decision as the form offers it and the card shows it. */
export const RULE_WORD: Record<PolicyDecision, string> = { allow: 'always allow', ask: 'always ask me', deny: 'never allow' };

/** One per-tool rule: this tool of this service is always allowed, always asked, or refused. */
export function ToolRuleForm({ agent, onSaved, onCancel }: ToolRuleFormProps) {
  const live = useLive();
  const { servers } = useStore(live.servers);
  useStore(live.tools);
  const choices = agent.servers === '*' ? servers.map((s) => s.name) : agent.servers;
  const listId = useId();
  const [server, setServer] = useState(choices[0] ?? '');
  const [tool, setTool] = useState('');
  const [decision, setDecision] = useState<PolicyDecision>('deny');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const known = live.tools.toolsOf(server);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    live.api.updateAgent({ name: agent.name, tools: [{ server, tool: tool.trim(), decision }] }).then(onSaved, (failure: unknown) => {
      setError(describeError(failure));
      setBusy(false);
    });
  };

  if (choices.length === 0) return <p className="muted">This agent may not use any service yet: give it services first.</p>;
  return (
    <form className="toolbar tool-rule" aria-label={`New tool rule for ${agent.name}`} onSubmit={submit}>
      {error && <ErrorNote error={error} />}
      <label className="field inline">
        <span>Service</span>
        <select value={server} onChange={(e) => setServer(e.target.value)}>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field inline">
        <span>Tool</span>
        {/* Free text with suggestions: a rule may name a tool the service has not listed yet. */}
        <input value={tool} onChange={(e) => setTool(e.target.value)} list={listId} required autoComplete="off" />
        <datalist id={listId}>
          {known.map((t) => (
            <option key={t.name} value={t.name} />
          ))}
        </datalist>
      </label>
      <label className="field inline">
        <span>Decision</span>
        <select value={decision} onChange={(e) => setDecision(e.target.value as PolicyDecision)}>
          {POLICY_DECISIONS.map((d) => (
            <option key={d} value={d}>
              {RULE_WORD[d]}
            </option>
          ))}
        </select>
      </label>
      {/* Kept all the same (a service may list it later), but a typo would make a rule that never applies. */}
      {tool.trim() !== '' && known.length > 0 && !known.some((t) => t.name === tool.trim()) && (
        <p className="muted" role="status">
          {server} lists no tool named “{tool.trim()}”: the rule applies only once it does.
        </p>
      )}
      <button type="submit" className="button small primary" disabled={busy || tool.trim() === ''}>
        {busy ? 'Saving…' : 'Add rule'}
      </button>
      <button type="button" className="button small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
