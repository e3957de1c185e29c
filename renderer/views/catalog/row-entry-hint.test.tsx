// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError, fixInField } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// As the pool words it (stdio-errors.ts) and the App API sends it: the hint names mcp.json's key.
const NO_FOLDER = {
  code: 'server_unavailable' as const,
  message: 'could not start "badcwd": its working directory /gone does not exist',
  hint: 'Fix "cwd" of "badcwd" in mcp.json.',
  data: fixInField('cwd'),
};

function apiFailing(data: Record<string, unknown>) {
  const lastError = { ...NO_FOLDER, data };
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'badcwd', transport: 'stdio', state: 'error', lastError })] }),
    restartServer: () => {
      throw new CodedError(NO_FOLDER.code, NO_FOLDER.message, { hint: NO_FOLDER.hint, data });
    },
  });
}

async function restartRow(): Promise<HTMLElement> {
  const row = (await screen.findByRole('link', { name: 'badcwd' })).closest('li') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Restart badcwd' }));
  await within(row).findByRole('alert');
  return row;
}

describe("an entry error on a Services row, beside its Edit", () => {
  it("names the form's field and Edit, not mcp.json's key", async () => {
    renderApp(apiFailing(fixInField('cwd')));
    const row = await restartRow();
    const note = within(row).getByRole('alert');
    expect(note.textContent).toContain('Press Edit to correct its Folder.');
    expect(note.textContent).not.toContain('mcp.json');
    expect(within(row).getByRole('button', { name: 'Edit badcwd' })).toBeTruthy();
  });

  it('names the argument by its place in the form', async () => {
    renderApp(apiFailing(fixInField('args', 1)));
    const row = await restartRow();
    expect(within(row).getByRole('alert').textContent).toContain('Press Edit to correct argument 2 of its Arguments.');
  });
});
