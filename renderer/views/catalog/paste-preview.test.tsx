// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('pasting a server entry', () => {
  it('previews a pasted entry with the hidden characters of its program, arguments, variables and folder as escapes', async () => {
    renderApp(createFakeApi(), { hash: '#/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paste a command or JSON' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste a command or JSON' });
    const entry = { mcpServers: { notes: { command: 'npx\u200b', args: ['-y', 'notes-server\u202ejs.exe'], env: { MODE: 'safe\u2066' }, cwd: '/tmp/\u200ework' } } };
    fireEvent.change(within(dialog).getByLabelText('Command line or JSON entry'), { target: { value: JSON.stringify(entry) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read it' }));
    const server = await within(dialog).findByRole('listitem', { name: /^Server notes/ });
    const text = server.textContent ?? '';
    expect(text).toContain('npx\\u200b');
    expect(text).toContain('notes-server\\u202ejs.exe');
    expect(text).toContain('safe\\u2066');
    expect(text).toContain('/tmp/\\u200ework');
    expect(text).not.toMatch(/[\u200b\u200e\u202e\u2066]/);
  });

  it('shows a pasted secret as the reference it becomes, saying its value goes to the vault, never the value', async () => {
    renderApp(createFakeApi(), { hash: '#/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paste a command or JSON' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste a command or JSON' });
    const entry = { mcpServers: { notes: { command: 'npx', args: ['-y', 'notes-server'], env: { API_KEY: 'sk-pasted-SECRET-987654321', MODE: 'fast' } } } };
    fireEvent.change(within(dialog).getByLabelText('Command line or JSON entry'), { target: { value: JSON.stringify(entry) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read it' }));
    const text = (await within(dialog).findByRole('listitem', { name: /^Server notes/ })).textContent ?? '';
    expect(text).not.toContain('sk-pasted-SECRET-987654321');
    expect(text).toContain('API_KEY = ${secret:API_KEY} (the value you pasted goes to the vault, not into mcp.json)');
    // Plain values are shown as pasted.
    expect(text).toContain('MODE = fast');
  });

  it("reads a README's `claude mcp add` line as the server it adds, saying so, its key shown as the vault reference it becomes", async () => {
    renderApp(createFakeApi(), { hash: '#/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paste a command or JSON' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste a command or JSON' });
    const line = 'claude mcp add github -e GITHUB_PERSONAL_ACCESS_TOKEN=ghp_pasted0123456789abcdef -- npx -y @modelcontextprotocol/server-github';
    fireEvent.change(within(dialog).getByLabelText('Command line or JSON entry'), { target: { value: line } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read it' }));
    const text = (await within(dialog).findByRole('listitem', { name: /^Server github/ })).textContent ?? '';
    expect(text).toContain('Read as the service that claude mcp add adds to Claude Code, not as the claude command itself');
    expect(text).toContain('ProgramnpxArguments-y@modelcontextprotocol/server-github');
    expect(text).not.toContain('ghp_pasted0123456789abcdef');
    expect(text).toContain('GITHUB_PERSONAL_ACCESS_TOKEN = ${secret:GITHUB_PERSONAL_ACCESS_TOKEN}');
  });

  it('refuses a name the rule does not take with one that would do', async () => {
    renderApp(createFakeApi(), { hash: '#/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paste a command or JSON' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste a command or JSON' });
    fireEvent.change(within(dialog).getByLabelText('Command line or JSON entry'), { target: { value: 'npx -y notes-server' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'my notes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read it' }));
    expect(await within(dialog).findByText(/is not a valid service name/)).toBeTruthy();
    expect(dialog.textContent).toContain('For example: my-notes');
  });

  it('asks before the page is left with something pasted, until the dialog closes', async () => {
    const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    renderApp(createFakeApi(), { hash: '#/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paste a command or JSON' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste a command or JSON' });
    expect(leavingAsks()).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Command line or JSON entry'), { target: { value: 'npx -y notes-server' } });
    expect(leavingAsks()).toBe(true);
    // Cancel asks first too: what was pasted is kept nowhere else.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(leavingAsks()).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(leavingAsks()).toBe(false);
  });
});
