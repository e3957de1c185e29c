// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

async function pasteDialog() {
  renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }) }), { hash: '#/' });
  fireEvent.click(await screen.findByRole('button', { name: 'Paste a command or JSON' }));
  const dialog = screen.getByRole('dialog', { name: 'Paste a command or JSON' });
  return { dialog, text: within(dialog).getByLabelText('Command line or JSON entry'), name: within(dialog).getByLabelText(/^Name/), read: within(dialog).getByRole('button', { name: 'Read it' }) };
}

/** What the field's aria-describedby reads out. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const before = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('the paste form’s error', () => {
  it('about what was pasted stands by the text box, above the buttons, and marks the box', async () => {
    const { dialog, text, name, read } = await pasteDialog();
    fireEvent.click(read);
    const note = await within(dialog).findByRole('alert');
    expect(note.textContent).toContain('Nothing was pasted');
    expect(before(note, read)).toBe(true);
    expect(before(text, note) && before(note, name)).toBe(true);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(text)).toContain('Nothing was pasted');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('about the name stands by the name field, above the buttons, and marks the field', async () => {
    const { dialog, text, name, read } = await pasteDialog();
    fireEvent.change(text, { target: { value: 'npx -y some-server' } });
    fireEvent.change(name, { target: { value: 'my notes' } });
    fireEvent.click(read);
    const note = await within(dialog).findByRole('alert');
    expect(before(name, note) && before(note, read)).toBe(true);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toContain('is not a valid service name');
    expect(text.getAttribute('aria-invalid')).toBeNull();
  });

  it('says a taken name under the name field as it is typed, before Read it', async () => {
    const { dialog, name } = await pasteDialog();
    fireEvent.change(name, { target: { value: 'notes' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(name)).toContain('A service with this name already exists');
    fireEvent.change(name, { target: { value: 'notes-2' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    expect(within(dialog).queryByText(/already exists/)).toBeNull();
  });
});
