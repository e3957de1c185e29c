import { describe, expect, it } from 'vitest';
import { setUpClientApi } from '../../../test/support/client-api-setup';

// Connected before with the token itself: connecting again gives the agent a new token, kept in the vault.
const setUp = () =>
  setUpClientApi('cs-client-notes', {
    cursorFile: (token) => JSON.stringify({ mcpServers: { 'connected-services-a1': { url: 'http://127.0.0.1:1/mcp', headers: { Authorization: `Bearer ${token}` } } } }),
    withVault: true,
  });

describe('the notes of a connect whose token stays in the vault', () => {
  it("say the token is not written into the client's file, beside the new token it gets", async () => {
    const { api } = await setUp();
    const plan = await api.planClientConnection({ agent: 'a1', client: 'cursor' });
    expect(plan.rotates).toBe(true);
    expect(plan.tokenPlace).toBe('vault');
    // "No token would be written" beside "a1 would get a new token" read as if no new token were made.
    expect(plan.notes.join('\n')).not.toMatch(/No token/);
    expect(plan.notes.join('\n')).toMatch(/^The token would not be written into Cursor's file: it would stay in the vault, and Cursor starts `connected-services bridge --stdio --agent "a1"`, which reads it each time/m);
    const change = await api.connectClient({ agent: 'a1', client: 'cursor' });
    expect(change.plan.notes.join('\n')).toMatch(/^The token is not written into Cursor's file: it stays in the vault, and Cursor starts/m);
  });
});
