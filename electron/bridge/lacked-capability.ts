/** The client capabilities a server's request during an agent's call may need (MCP 2026-07-28 basic: `requiredCapabilities`). */
export type NeededCapability = 'sampling';

/**
 * What a 2026-07-28 agent's call is told when the routing refused a server's request because the
 * agent's request did not declare the capability it needs: should the server then fail the call,
 * the agent gets `-32021` naming it (MCP 2026-07-28 basic §Client capabilities), not a tool error.
 */
export interface LacksCapability {
  lacks(capability: NeededCapability): void;
}

export function lacksCapability(asker: object | undefined): LacksCapability | undefined {
  return asker !== undefined && typeof (asker as Partial<LacksCapability>).lacks === 'function' ? (asker as LacksCapability) : undefined;
}
