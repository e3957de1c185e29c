import { CodedError } from '../../shared/errors';

/*
 * A program's own bridge (openConnectedServices with agents and no app running, docs/library.md) serves
 * only the agents the program declared: agents.json's are the person's, whose asks the person answers
 * in the app, never a program.
 */

/**
 * What a stored agent hears from a program's bridge. It says nothing of whether the app runs: the app
 * may start at any time, on its own port (never this one), and this bridge would not know.
 */
export const STORED_AGENT_REFUSED =
  "this bridge belongs to a program and serves only the agents it declared; this agent is served by the app's bridge (`connected-services bridge status` gives its address; start the app or connected-services serve if it is not running)";

/** A program's bridge remembers nothing for an agent of agents.json. */
export function notTheProgramsAgent(agent: string): CodedError {
  return new CodedError('invalid_input', `"${agent}" is not an agent declared by this program: its rules are changed only in the app`, {
    hint: 'Allow the call once',
  });
}
