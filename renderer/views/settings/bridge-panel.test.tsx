// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('Settings → Agent bridge', () => {
  it('sets what the bridge problem quotes in backticks as code and shows hidden characters as escapes', async () => {
    const api = createFakeApi({
      bridgeInfo: () => ({ running: false, paused: false, error: 'Port 47781 is taken\u200b: set `bridge.port` in mcp.json.\u202efdp.exe' }),
    });
    renderApp(api, { hash: '#/settings' });
    const panel = await screen.findByRole('region', { name: 'Agent bridge' });
    const code = await within(panel).findByText('bridge.port');
    expect(code.tagName).toBe('CODE');
    const text = panel.textContent ?? '';
    expect(text).toContain('Port 47781 is taken\\u200b: set bridge.port in mcp.json.\\u202efdp.exe');
    expect(text).not.toMatch(/[\u200b\u202e`]/);
  });
});
