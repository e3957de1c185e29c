// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const TOOLS: ToolInfo[] = [
  { server: 'monitor', name: 'get-system-info', inputSchema: { type: 'object' }, app: { resourceUri: 'ui://system-monitor/mcp-app.html', visibility: ['model', 'app'] } },
  { server: 'monitor', name: 'poll-system-stats', inputSchema: { type: 'object' }, app: { visibility: ['app'] } },
  { server: 'monitor', name: 'plain', inputSchema: { type: 'object' } },
];

// Issue #36 item 3: the Tools tab shows which tools have an app.
describe('the Tools tab and MCP Apps', () => {
  it('marks a tool with an app, a tool only its app calls, and nothing on the others', async () => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'monitor', toolCount: 3 })] }),
      listTools: () => TOOLS,
    });
    renderApp(api, { hash: '#/services/monitor/tools' });
    const list = await screen.findByRole('navigation', { name: 'Tools of monitor' });
    const row = async (name: string) => (await within(list).findByText(name)).closest('a') as HTMLElement;
    expect(within(await row('get-system-info')).getByText('has an app')).toBeTruthy();
    expect(within(await row('poll-system-stats')).getByText('for its app only')).toBeTruthy();
    const plain = await row('plain');
    expect(within(plain).queryByText('has an app')).toBeNull();
    expect(within(plain).queryByText('for its app only')).toBeNull();
  });
});
