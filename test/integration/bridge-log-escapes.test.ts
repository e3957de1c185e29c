import { fileURLToPath } from 'node:url';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const NAMED_TOOLS = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));
const LOG = { level: 'error', logger: 'db\u001b]0;owned\u0007', data: { 'note\u001b[2J': ['ok\rfaked line', { deeper: '\u001b[31mred\u202e' }], count: 3 } };

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// Listings and error texts were escaped, but a server's log message reached the agent's client (which
// may print it in a terminal) with its ESC sequences, BEL and CR as they were.
describe("a server's log message with terminal controls in its logger and data", () => {
  it('reaches the agent with them shown as escapes', async () => {
    const h = await startBridge({ noisy: { command: process.execPath, args: tsEntry(NAMED_TOOLS), cwd: ROOT, env: { TOOL_NAMES: JSON.stringify([{ name: 'speak', description: 'speak', log: LOG }]) } } });
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);
    const received: LoggingMessageNotification['params'][] = [];
    agent.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void received.push(params));
    expect(firstText(await agent.client.callTool({ name: 'noisy__speak', arguments: {} }))).toBe('called speak');
    await waitFor('the log message', () => received.length > 0);
    expect(received).toEqual([
      {
        level: 'error',
        logger: 'noisy/db\\u001b]0;owned\\u0007',
        data: { 'note\\u001b[2J': ['ok\\u000dfaked line', { deeper: '\\u001b[31mred\\u202e' }], count: 3 },
      },
    ]);
  }, 60_000);
});
