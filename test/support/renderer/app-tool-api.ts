import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ToolInfo } from '../../../shared/api';
import { createFakeApi as createFake, serverStatus, type FakeApi, type FakeHandlers } from '../fake-app-api';

/** A tool of `server` whose result opens an app (its `ui://` resource). */
export const appTool = (server: string, name: string): ToolInfo => ({
  server,
  name,
  inputSchema: { type: 'object' },
  app: { resourceUri: `ui://${server}/view.html`, visibility: ['model', 'app'] },
});

/** A core with one server whose one tool opens an app; `more` adds or replaces handlers. */
export function appToolApi(tool: ToolInfo, more: FakeHandlers = {}): FakeApi {
  const plain = createFake({}, { decisionEvents: true });
  return createFake(
    {
      status: async () => ({ ...(await plain.status({})), servers: [serverStatus({ name: tool.server, toolCount: 1 })] }),
      listTools: () => [tool],
      callTool: () => ({ content: [{ type: 'text', text: 'shown' }] }),
      openApp: () => ({ appId: 'app-1', frame: 'f-1', address: 'about:blank', allow: '', requested: [] }),
      closeApp: () => ({ ok: true as const }),
      ...more,
    },
    { decisionEvents: true },
  );
}

/** Calls the tool on its screen (already rendered) and waits for its app's panel and frame. */
export async function openAppPanel(tool: ToolInfo): Promise<{ panel: HTMLElement; frame: HTMLIFrameElement }> {
  fireEvent.click(await screen.findByRole('button', { name: `Call ${tool.name}` }));
  const panel = await screen.findByRole('region', { name: `App of ${tool.name}` });
  const frame = await waitFor(() => {
    const found = panel.querySelector('iframe');
    if (!found) throw new Error('no frame yet');
    return found;
  });
  return { panel, frame };
}
