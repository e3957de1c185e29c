// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const TOKEN = 'ghp_Secret0123456789abcdefABCDEF';
const KEY = 'sk-live-0123456789abcdefABCDEF';
const LOCAL: ServerConfig = {
  command: 'npx',
  args: ['-y', 'some-mcp', '--api-key', KEY, '--token', '${secret:OTHER}'],
  env: { API_TOKEN: TOKEN, LOG_LEVEL: 'debug', GITHUB: '${secret:GH}' },
};
const QUERY_KEY = 'AAAAbbbbCCCCddddEEEE1234';
const REMOTE: ServerConfig = {
  type: 'http',
  url: `https://api.example.com/u/Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s/mcp?api_key=${QUERY_KEY}&region=eu`,
  headers: { Authorization: 'Bearer abcdEFGH1234ijklMNOP5678', 'X-Team': 'blue' },
};

function api(name: string, config: ServerConfig) {
  const status = serverStatus({ name, transport: 'command' in config ? 'stdio' : 'http' });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [status] }),
    serverConfig: () => ({ config }),
    listSecrets: () => [{ name: 'GH' }, { name: 'OTHER' }],
    updateServer: () => status,
  });
}

async function openEdit(name: string, config: ServerConfig): Promise<HTMLElement> {
  renderApp(api(name, config), { hash: `#/services/${name}` });
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  const edit = await screen.findByRole('dialog', { name: `Edit ${name}` });
  await within(edit).findByRole('group', { name: `Settings of ${name}` });
  return edit;
}

const input = (edit: HTMLElement, id: string) => edit.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

describe('editing an entry with secrets written in clear', () => {
  it('hides each in its field (a password field), shows references and other values as written, and names them', async () => {
    const edit = await openEdit('local', LOCAL);
    expect(within(edit).getByRole('note', { name: 'Secrets in clear' }).textContent).toContain('(env.API_TOKEN, args[3])');
    expect(input(edit, 'edit_env_0_value')).toMatchObject({ type: 'password', value: TOKEN });
    expect(input(edit, 'edit_env_1_value')).toMatchObject({ type: 'text', value: 'debug' });
    expect(input(edit, 'edit_args_3')).toMatchObject({ type: 'password' });
    expect(input(edit, 'edit_args_5')).toMatchObject({ type: 'text', value: '${secret:OTHER}' });
    // A reference in a variable is the vault's secret picked, by name.
    expect(within(edit).getByDisplayValue('GH')).toBeTruthy();
    expect(edit.textContent).not.toContain(TOKEN);
  });

  it('shows them only after the person confirms, and hides them again', async () => {
    const edit = await openEdit('local', LOCAL);
    fireEvent.click(within(edit).getByRole('button', { name: 'Reveal' }));
    expect(input(edit, 'edit_env_0_value').type).toBe('password');
    fireEvent.click(within(edit).getByRole('button', { name: 'Keep hidden' }));
    expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'Reveal' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Reveal' }));
    expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'Show the secrets' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Show the secrets' }));
    expect(input(edit, 'edit_env_0_value').type).toBe('text');
    expect(input(edit, 'edit_args_3').type).toBe('text');
    expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'Hide' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Hide' }));
    expect(input(edit, 'edit_env_0_value').type).toBe('password');
  });

  it("an address: the token in its path and the secret parameter masked beside the field, the rest of it readable; a bearer header's token hidden", async () => {
    const edit = await openEdit('remote', REMOTE);
    expect(input(edit, 'edit_url').type).toBe('password');
    const shown = within(edit).getByLabelText('URL, secret hidden').textContent ?? '';
    expect(shown).toBe('https://api.example.com/u/••••••••/mcp?api_key=••••••••&region=eu');
    expect(input(edit, 'edit_headers_0_value').type).toBe('password');
    expect(within(edit).getByLabelText('Value, secret hidden').textContent).toBe('Bearer ••••••••');
    expect(input(edit, 'edit_headers_1_value')).toMatchObject({ type: 'text', value: 'blue' });
    expect(edit.textContent).not.toMatch(/Xq7Lm2|AAAAbbbb|abcdEFGH/);
  });

  it('the changes: a secret before and after masked until revealed, a reference shown as written', async () => {
    const edit = await openEdit('local', LOCAL);
    fireEvent.change(input(edit, 'edit_env_0_value'), { target: { value: 'ghp_Other0123456789abcdefABCDEF' } });
    fireEvent.change(input(edit, 'edit_args_5'), { target: { value: '${secret:GH}' } });
    // A token typed in clear is said at its field first: the core would refuse to write it.
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    expect(await within(edit).findByText('API_TOKEN looks like a secret: tick "Keep in the vault (secret)", so mcp.json only refers to it.')).toBeTruthy();
    fireEvent.click(input(edit, 'edit_env_0_secret'));
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    const table = await within(edit).findByRole('table');
    // Before: the secret in clear, masked; after: the vault's reference the new value goes to.
    expect(table.textContent).toContain('Environment variable API_TOKEN••••••••${secret:API_TOKEN}');
    expect(table.textContent).toContain('${secret:OTHER}${secret:GH}');
    expect(table.textContent).not.toMatch(/ghp_/);
    fireEvent.click(within(edit).getByRole('button', { name: 'Reveal' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Show the secrets' }));
    await waitFor(() => expect(table.textContent).toContain(TOKEN));
    // The new value goes to the vault: it is shown nowhere.
    expect(table.textContent).not.toContain('ghp_Other0123456789abcdefABCDEF');
  });
});

// The e2e check of an entry written by hand: a secret the file already held in clear is saved as it
// was when only the description changes; the field is flagged only for a value typed now.
describe('editing an entry that already holds a secret in clear', () => {
  it('reviews a change elsewhere without asking to move the secret', async () => {
    const edit = await openEdit('local', LOCAL);
    fireEvent.change(within(edit).getByLabelText('Description'), { target: { value: 'The local one' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    expect(await within(edit).findByRole('table')).toBeTruthy();
    expect(within(edit).queryByText(/looks like a secret/)).toBeNull();
  });

  it('lets a long id through that the core writes as typed (judged as the core judges it)', async () => {
    const edit = await openEdit('local', LOCAL);
    fireEvent.change(input(edit, 'edit_env_1_value'), { target: { value: '3f9c2e1b7d4a6e8f0c2b4d6a8e0f2c4b6d8a0e2f' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    expect(await within(edit).findByRole('table')).toBeTruthy();
    expect(within(edit).queryByText(/looks like a secret/)).toBeNull();
  });
});
