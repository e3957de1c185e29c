// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('Settings → Import from another app', () => {
  it('sets what a skipped entry’s reason quotes in backticks as code and shows hidden characters in its name and reason as escapes', async () => {
    const api = createFakeApi({
      importConfig: ({ source }) => ({
        source,
        files: ['/home/ana/.cursor/mcp.json'],
        added: [],
        skipped: [{ name: 'git\u202ehub', from: '/home/ana/.cursor/mcp.json', reason: 'Its `command` is empty\u200b.' }],
        secrets: [],
      }),
    });
    renderApp(api, { hash: '#/settings' });
    const panel = await screen.findByRole('region', { name: 'Import from another app' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Import from Cursor' }));
    const report = await within(panel).findByRole('status');
    expect(within(report).getByText('command').tagName).toBe('CODE');
    const item = within(report).getByRole('listitem');
    expect(item.textContent).toBe('git\\u202ehub: Its command is empty\\u200b.');
  });
});
