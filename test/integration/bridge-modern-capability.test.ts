import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { messageOf, modernCall } from '../support/modern-raw';
import { askUrlChecksFor } from '../support/ask-url-checks';

// MCP 2026-07-28 basic §Client capabilities: a server that needs what the agent's request did not
// declare answers -32021 (HTTP 400) naming it. Behind the bridge a 2025-era server asks for sampling
// during the call; the routing refuses it (the agent's client cannot sample), the server fails its
// tool, and the agent hears what to declare instead of a tool error (asking-server.ts `ask-sample`).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;
const audited: AuditEntry[] = [];

beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ asking: askingServer() }, {}, { asks: { router } });
  await h.pool.start('asking');
}, 60_000);

afterAll(async () => {
  await h.close();
});

describe('a server that needs a capability the agent did not declare', () => {
  it('answers -32021 with HTTP 400 naming sampling; the sampling request is refused and audited', async () => {
    const { token } = await h.bridge.agents.add('no-sampling', { servers: ['*'], policy: ALLOW_ALL });
    const response = await modernCall(h.bridge.port, token, 'asking__ask-sample', {}, { id: 1, capabilities: { elicitation: { form: {} } } });
    expect(response.status).toBe(400);
    const message = messageOf(response.body);
    expect(message.error?.code).toBe(-32021);
    expect((message.error?.data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities).toEqual({ sampling: {} });
    expect(audited.find((e) => e.agent === 'no-sampling' && e.kind === 'sampling')).toMatchObject({ answer: 'decline', answeredBy: 'nobody' });
  });

  it('a tool that does not need it is answered as before', async () => {
    const { token } = await h.bridge.agents.add('no-sampling-roots', { servers: ['*'], policy: ALLOW_ALL });
    const response = await modernCall(h.bridge.port, token, 'asking__ask-roots', {}, { id: 2, capabilities: {} });
    expect(response.status).toBe(200);
    expect(messageOf(response.body).result?.['content']).toEqual([{ type: 'text', text: '[]' }]);
  });
});
