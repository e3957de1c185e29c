import type { ToolInfo } from '../../shared/api';
import { ALL_SERVERS, type Agent, type Decision, type Tier } from './agent-schema';
import { toolTier } from './tool-tier';

/** A record's own value only: tool and server names like `constructor` must not reach the prototype. */
export function ownValue<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export function serverAllowed(agent: Pick<Agent, 'servers'>, server: string): boolean {
  return agent.servers.includes(ALL_SERVERS) || agent.servers.includes(server);
}

export interface ToolVerdict {
  tier: Tier;
  decision: Decision;
  /** True when a per-tool override decided, not the tier policy. */
  overridden: boolean;
}

/**
 * What the agent may do with a tool of an allowed server; undefined when the server is not allowed,
 * or the tool can only be called as a task, which the bridge does not forward (listed, searched and
 * called by no agent; tool-call.ts says why to one that names it).
 */
export function judgeTool(
  agent: Pick<Agent, 'servers' | 'policy' | 'tools'>,
  server: string,
  tool: Pick<ToolInfo, 'name' | 'annotations' | 'requiresTasks'>,
  tier: Tier = toolTier(tool),
): ToolVerdict | undefined {
  if (!serverAllowed(agent, server) || tool.requiresTasks === true) return undefined;
  const override = ownValue(ownValue(agent.tools, server), tool.name);
  if (override !== undefined) return { tier, decision: override, overridden: true };
  return { tier, decision: agent.policy[tier], overridden: false };
}
