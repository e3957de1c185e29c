import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

/**
 * Our entry's name in a client's configuration and VS Code's input id for its token: one per agent,
 * so each can be found and removed. The printed snippet (`agents add --for`, `agents config`, the
 * app's "Show configuration to paste") and `agents connect` both name it here, so a pasted entry and a written one
 * are the same entry.
 */
export function entryName(agent: string): string {
  return `connected-services-${agent.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}`;
}

/** VS Code's input id for an agent's token. */
export function inputId(agent: string): string {
  return entryName(agent).replace('connected-services-', 'connected-services-token-');
}

/**
 * Another agent of `names` whose client entry is `agent`'s (names differing only in case, spaces or
 * punctuation: `Team A`, `team-a`, `team.a`): connecting one would replace the other's entry in a
 * client's file, and disconnecting one would remove it.
 */
export function entryTwin(agent: string, names: Iterable<string>): string | undefined {
  const entry = entryName(agent);
  for (const other of names) if (other !== agent && entryName(other) === entry) return other;
  return undefined;
}

/** Refuses a new agent whose client entry another agent already has. */
export function refuseEntryTwin(agent: string, names: Iterable<string>): void {
  const other = entryTwin(agent, names);
  if (other === undefined) return;
  throw new CodedError('invalid_input', redact(`an agent named "${other}" already uses the client entry "${entryName(agent)}"`), {
    hint: `choose a name that differs from "${other}" in more than case, spaces or punctuation: a client holds one entry per agent`,
    data: { agent, other, entry: entryName(agent) },
  });
}
