import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { agentRecord, type Loaded } from './agent-file';
import type { AgentAsks, AgentInput, StoredAgent } from './agent-schema';
import { refuseEntryTwin } from './client-entry-name';

/** Where an agent declared in code comes from, as errors and the docs name it. */
export const AGENT_CODE_PLACE = 'code (the agents given to openConnectedServices)';

/**
 * An agent a program declares in code (docs/library.md): its settings as `agents add` takes them, and
 * the sha256 of a token the program made and keeps in memory; the token itself never reaches the core.
 */
export interface CodeAgentInput extends AgentInput {
  tokenHash: string;
  asks?: Partial<AgentAsks>;
}

/** A name both in code and in agents.json: an error that names both places. */
export function agentDeclaredTwice(name: string, file: string): CodedError {
  return new CodedError('invalid_input', redact(`The agent "${name}" is declared twice: in ${AGENT_CODE_PLACE} and in ${file}`), {
    hint: `Rename or remove one of them: the agent in ${file} (connected-services agents remove), or the one in the program's code`,
    data: { agent: name, places: ['code', file] },
  });
}

/** An agent declared in code is changed where it is declared, never from the app or the command line. */
export function agentNotEditable(name: string, action: string): CodedError {
  return new CodedError('invalid_input', redact(`The agent "${name}" is declared in code, so it cannot be ${action} here`), {
    hint: 'Change it in the program that declares it (the agents given to openConnectedServices)',
    data: { agent: name, fromCode: true },
  });
}

/** The record of an agent declared in code, checked as `agents add` checks its input. */
export function codeAgentRecord(name: string, input: CodeAgentInput, at: number): StoredAgent {
  if (!/^[0-9a-f]{64}$/.test(input.tokenHash)) {
    throw new CodedError('invalid_input', redact(`The token of the agent "${name}" (declared in code) is not a sha256 digest`));
  }
  return agentRecord(name, input, { hash: input.tokenHash, hint: 'from code' }, at);
}

/** agents.json's agents with those declared in code; a name in both is the code's (its declaration was refused or came first). */
export function mergeAgents(file: StoredAgent[], code: ReadonlyMap<string, StoredAgent>): StoredAgent[] {
  return [...file.filter((agent) => !code.has(agent.name)), ...code.values()];
}

/** Refuses agents from code whose name agents.json has (naming both places), whose client entry another agent has, or whose token digest another agent has. */
export function checkDeclarable(records: StoredAgent[], fileAgents: StoredAgent[], loaded: Loaded, file: string): void {
  for (const record of records) {
    if (fileAgents.some((a) => a.name === record.name)) throw agentDeclaredTwice(record.name, file);
    refuseEntryTwin(record.name, [...loaded.agents.keys(), ...records.map((r) => r.name)]);
    const holder = loaded.digests.get(record.tokenHash)?.name;
    if (holder !== undefined && holder !== record.name) {
      throw new CodedError('invalid_input', redact(`The token of the agent "${record.name}" (declared in code) is another agent's`), { hint: 'Give each agent its own token' });
    }
  }
}
