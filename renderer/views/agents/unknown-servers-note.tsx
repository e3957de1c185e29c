import { likelyMeant, noneNamed, unknownServers, type AgentView } from '../../../shared/api';
import { Badge } from '../../components';
import { shownLine } from '../../lib';
import { useLive, useStore } from '../../state';

/**
 * A service the agent names that is not set up: kept on purpose (one may be added under that name),
 * so a typo is said here as `agents list` and `doctor` say it, with the name it likely meant.
 */
export function UnknownServersNote({ agent }: { agent: AgentView }) {
  const live = useLive();
  const { loaded, servers } = useStore(live.servers);
  // Before the list is read, every name would look unknown.
  if (!loaded) return null;
  const configured = servers.map((s) => s.name);
  const unknown = unknownServers(agent.servers, configured);
  if (unknown.length === 0) return null;
  const meant = likelyMeant(unknown, configured);
  const change = agent.fromCode === true ? 'Change it in the program that declares it' : 'Edit access changes the list';
  const one = unknown.length === 1;
  const none = noneNamed(unknown.length, 'service');
  return (
    <p className="unknown-servers" role="note" aria-label={`Unknown services of ${agent.name}`}>
      <Badge tone="warn">not set up</Badge> {agent.name} may use {shownLine(unknown.map((name) => `“${name}”`).join(', '))}, but {none} is set up: it reaches {one ? 'it' : 'each'} once one is added under
      {one ? ' that name' : ' its name'}.
      {meant.length > 0 ? ` Did you mean ${meant.join(', ')}? ${change}.` : ''}
    </p>
  );
}
