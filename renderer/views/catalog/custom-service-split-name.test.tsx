// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const NAME_RULE = 'Use 1-48 letters, digits, "_" or "-", starting with a letter or digit. For example: bad-name';

describe('pressing Add service with a whole command line still in the command box', () => {
  it('keeps the form still under the held button, so the first press says what is wrong with the name', async () => {
    const api = createFakeApi({ addServer: () => ({ ok: true }) });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'bad name!' } });
    const command = within(dialog).getByLabelText<HTMLInputElement>(/^Command/);
    fireEvent.change(command, { target: { value: 'npx -y pkg /tmp' } });
    // A browser's order for a press: the button goes down, the command box loses focus, the button is released, the click.
    const add = within(dialog).getByRole('button', { name: 'Add service' });
    fireEvent.mouseDown(add);
    fireEvent.blur(command);
    // Split now, the arguments would push the button from under the pointer and the click would miss it.
    expect(command.value).toBe('npx -y pkg /tmp');
    expect(within(dialog).queryAllByLabelText(/^Argument/)).toHaveLength(0);
    fireEvent.mouseUp(add);
    fireEvent.click(add);
    expect(await within(dialog).findByText(NAME_RULE)).toBeTruthy();
    // Shown split once the press is over.
    expect(command.value).toBe('npx');
    expect(within(dialog).getAllByLabelText<HTMLInputElement>(/^Argument/).map((a) => a.value)).toEqual(['-y', 'pkg', '/tmp']);
    expect(within(dialog).getByRole('status').textContent).toContain('Split the command line');
    expect(api.callsOf('addServer')).toHaveLength(0);
  });
});

describe('what the custom service form says it split', () => {
  const splitOf = async (line: string): Promise<string> => {
    renderApp(createFakeApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    const command = within(dialog).getByLabelText<HTMLInputElement>(/^Command/);
    fireEvent.change(command, { target: { value: line } });
    fireEvent.blur(command);
    return (await within(dialog).findByText(/^Split the command line/)).textContent ?? '';
  };

  it('counts one argument as one, and names no arguments when there are none', async () => {
    expect(await splitOf('uvx mcp-server-time')).toBe('Split the command line: the program is uvx, with 1 argument below.');
    cleanup();
    expect(await splitOf('TZ=UTC uvx')).toBe('Split the command line: the program is uvx, with its variables under Environment variables.');
    cleanup();
    expect(await splitOf('TZ=UTC npx -y pkg')).toBe('Split the command line: the program is npx, with 2 arguments below and its variables under Environment variables.');
  });
});

describe('the split note, once the form moves on', () => {
  it('goes when the command is typed again or the service becomes a URL: it spoke of fields no longer there', async () => {
    renderApp(createFakeApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    const command = within(dialog).getByLabelText<HTMLInputElement>(/^Command/);
    fireEvent.change(command, { target: { value: 'npx -y pkg' } });
    fireEvent.blur(command);
    await within(dialog).findByText(/^Split the command line/);
    fireEvent.change(command, { target: { value: 'uvx' } });
    await waitFor(() => expect(within(dialog).queryByText(/^Split the command line/)).toBeNull());
    fireEvent.change(command, { target: { value: 'node server.js' } });
    fireEvent.blur(command);
    await within(dialog).findByText('Split the command line: the program is node, with 3 arguments below.');
    fireEvent.click(within(dialog).getByLabelText('A remote service at a URL (Streamable HTTP)'));
    await within(dialog).findByLabelText(/^URL/);
    expect(within(dialog).queryByText(/^Split the command line/)).toBeNull();
  });
});
