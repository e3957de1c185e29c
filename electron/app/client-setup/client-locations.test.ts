import { describe, expect, it } from 'vitest';
import { agentClient, CONNECT_CLIENTS } from '../../../shared/api';
import { clientLocation } from './client-locations';

describe('where each client keeps its servers', () => {
  it('names each client and its format as the one list of clients does (shared/api/agent-clients.ts)', () => {
    const ctx = { platform: 'linux' as const, home: '/home/ana', env: {} };
    for (const client of CONNECT_CLIENTS) {
      const where = clientLocation(client, ctx);
      expect(where.label).toBe(agentClient(client).label);
      expect(where.jsonc).toBe(agentClient(client).config === 'jsonc');
    }
    expect(clientLocation('vscode', ctx)).toMatchObject({ label: 'VS Code', jsonc: true, file: '/home/ana/.config/Code/User/mcp.json', program: 'code' });
    expect(clientLocation('claude-code', ctx)).toMatchObject({ label: 'Claude Code', jsonc: false, file: '/home/ana/.claude.json' });
  });
});
