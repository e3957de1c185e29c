import type { AgentAsker } from '../../electron/bridge';

/**
 * An agent "a" whose client takes forms and URLs but neither sampling nor roots, and whose settings
 * let servers ask it for input only; a test overrides what it is about (its answers, its settings).
 */
export function fakeAgentAsker(overrides: Partial<AgentAsker> = {}): AgentAsker {
  return {
    kind: 'agent' as const,
    label: 'agent "a"',
    agent: 'a',
    canElicit: { form: true, url: true },
    canSample: false,
    canListRoots: false,
    settings: () => ({ elicitation: 'allow' as const, sampling: 'deny' as const, roots: 'deny' as const }),
    elicit: () => Promise.resolve({ action: 'accept' as const }),
    sample: () => Promise.reject(new Error('no sampling')),
    listRoots: () => Promise.resolve({ roots: [] }),
    ...overrides,
  };
}
