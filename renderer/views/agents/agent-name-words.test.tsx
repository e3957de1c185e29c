// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

// "Use 1-64 letters…" under "café bot": é is a letter to a person. The command line says a-z only, and offers "cafe bot".
describe('creating an agent whose name has an accent', () => {
  it('says letters a-z only, and offers the name without the accent', async () => {
    const api = createFakeApi();
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'café bot' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    expect(
      await within(dialog).findByText(
        'Use 1-64 letters, digits, spaces, "_", "." or "-", starting with a letter or digit (letters a-z and A-Z only: no accents or other scripts). For example: cafe bot',
      ),
    ).toBeTruthy();
    expect(api.callsOf('addAgent')).toEqual([]);
  });

  it('says a name with two spaces in a row reads like another', async () => {
    renderApp(createFakeApi(), { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'my  laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    expect(await within(dialog).findByText('It ends in a space or holds two in a row, so it would read like "my laptop". For example: my laptop')).toBeTruthy();
  });
});
