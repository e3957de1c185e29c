import { fileURLToPath } from 'node:url';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { StdioServerConfig } from '../../shared/config';
import { ROOT } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from './bridge-harness';
import { tsEntry } from './ts-entry';

const NAMED_TOOLS = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));

/** The raw named-tools fixture with its environment (TOOL_NAMES, TEMPLATES, READ_AS: see the fixture). */
export function namedToolsServer(env: Record<string, string>): StdioServerConfig {
  return { command: process.execPath, args: tsEntry(NAMED_TOOLS), cwd: ROOT, env };
}

/** Its tools: names, or `{ name, description, … }` as the fixture takes them. */
export function namedTools(tools: Array<string | object>): StdioServerConfig {
  return namedToolsServer({ TOOL_NAMES: JSON.stringify(tools) });
}

/**
 * A bridge over these servers, each started and listed, and one agent that may call every tool,
 * connected with an unmodified SDK client; both go into `open` to be closed after.
 */
export async function bridgeWithAgent(servers: Record<string, StdioServerConfig>, open: Array<BridgeHarness | AgentClient>, capabilities?: ClientCapabilities, options: Parameters<typeof startBridge>[2] = {}): Promise<{ h: BridgeHarness; agent: AgentClient }> {
  const h = await startBridge(servers, {}, options);
  open.push(h);
  await Promise.all(Object.keys(servers).map((name) => h.pool.start(name)));
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  const agent = await connectAgent(h.bridge.url, token, 'test-agent', capabilities);
  open.push(agent);
  return { h, agent };
}
