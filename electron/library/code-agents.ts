import { API_METHODS, describeIssues, type ApiInput } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { hashToken, newAgentToken } from '../bridge';
import type { AgentEntry } from './types';

/** Agents declared in code, each given a fresh token held only in this program's memory. */
export interface DeclaredAgents {
  /** As declareAgents takes them: the tokens' digests only, so no token crosses to an app. */
  declaration: ApiInput<'declareAgents'>;
  tokens: Record<string, string>;
}

/**
 * Checks the agents declared in code and makes each a token. The token is this program's: made here
 * (256 random bits, as `agents add` makes one) and never written, so it lives as long as the program;
 * the core keeps only its sha256, as for every agent (docs/library.md, "Agents declared in code").
 */
export function declaredAgents(agents: Record<string, AgentEntry> | undefined): DeclaredAgents | undefined {
  if (agents === undefined || Object.keys(agents).length === 0) return undefined;
  const tokens: Record<string, string> = {};
  const withDigests: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(agents)) {
    const token = newAgentToken();
    tokens[name] = token;
    withDigests[name] = { ...entry, tokenHash: hashToken(token).hex };
  }
  const parsed = API_METHODS.declareAgents.input.safeParse({ agents: withDigests });
  if (!parsed.success) {
    throw new CodedError('invalid_input', `The agents declared in code are not valid: ${describeIssues(parsed.error.issues)}`, {
      hint: 'Each is { servers: [...] or "*", policy?, tools?, asks?, names?, resourceTools?, toolMode?, client? }',
    });
  }
  return { declaration: parsed.data, tokens };
}
