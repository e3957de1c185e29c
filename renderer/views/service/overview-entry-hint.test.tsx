// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fixInField } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// As the pool words it (stdio-errors.ts): the core's hint names mcp.json's key.
function failing(data: Record<string, unknown>, fromCode = false) {
  const lastError = { code: 'server_unavailable' as const, message: 'could not start "badcwd": its working directory /gone does not exist', hint: 'Fix "cwd" of "badcwd" in mcp.json.', data };
  const badcwd = serverStatus({ name: 'badcwd', transport: 'stdio', state: 'error', lastError, ...(fromCode ? { fromCode: true } : {}) });
  renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [badcwd] }) }), { hash: '#/services/badcwd' });
}

describe("an entry error under the Overview's Last error, with the page's Edit above", () => {
  it("names the form's field and Edit, not mcp.json's key", async () => {
    failing(fixInField('cwd'));
    const panel = await screen.findByRole('region', { name: 'Last error' });
    expect(panel.textContent).toContain('Press Edit to correct its Folder.');
    expect(panel.textContent).not.toContain('mcp.json');
    expect(screen.getByRole('button', { name: 'Edit badcwd' })).toBeTruthy();
  });

  it('names the argument by its place in the form', async () => {
    failing(fixInField('args', 1));
    const panel = await screen.findByRole('region', { name: 'Last error' });
    expect(panel.textContent).toContain('Press Edit to correct argument 2 of its Arguments.');
  });

  it("keeps the core's hint for a service declared in code, which has no Edit", async () => {
    failing(fixInField('cwd'), true);
    const panel = await screen.findByRole('region', { name: 'Last error' });
    expect(panel.textContent).not.toContain('Press Edit');
    expect(screen.queryByRole('button', { name: 'Edit badcwd' })).toBeNull();
  });
});
