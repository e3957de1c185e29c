// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError, fixInField } from '../../../shared/errors';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

// jsdom lays nothing out and has no scrollIntoView: each test that needs one sets its own.
const noScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
afterEach(() => {
  cleanup();
  if (noScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', noScroll);
  else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

/** The core refuses the entry's second argument, naming it as an entry error does (`data.field`, `data.index`). */
function refusingApi() {
  return createFakeApi({
    setSecret: () => ({ ok: true }),
    deleteSecret: () => ({ deleted: true }),
    addServer: () => {
      throw new CodedError('invalid_input', 'args.1: an argument may not hold a NUL character', { hint: 'Fix that field and add the service again.', data: fixInField('args', 1) });
    },
  });
}

async function submitTwoArguments(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'mine' } });
  fireEvent.change(within(dialog).getByLabelText(/^Command/), { target: { value: 'node' } });
  for (const value of ['server.js', 'bad']) {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item to Arguments' }));
    const args = await within(dialog).findAllByLabelText(/^Argument/);
    fireEvent.change(args.at(-1) as HTMLElement, { target: { value } });
  }
  const submit = within(dialog).getByRole('button', { name: 'Add service' });
  submit.focus();
  fireEvent.click(submit);
  return dialog;
}

describe('an argument the core refuses, on the Add service form', () => {
  it('is marked under the argument, and the note above names it by its label, never by its path in mcp.json', async () => {
    renderApp(refusingApi());
    const dialog = await submitTwoArguments();
    const note = await within(dialog).findByRole('alert');
    expect(note.textContent).toContain('Argument 2: an argument may not hold a NUL character');
    expect(note.textContent).not.toContain('args.1');
    const second = dialog.querySelector<HTMLInputElement>('#custom_args_1');
    if (second === null) throw new Error('no second argument');
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    const said = (second.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(said.join(' ')).toContain('an argument may not hold a NUL character');
    expect(dialog.querySelector('#custom_args_0')?.getAttribute('aria-invalid')).toBeNull();
  });

  it('takes the focus from the submit button to the argument', async () => {
    renderApp(refusingApi());
    const dialog = await submitTwoArguments();
    await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(dialog.querySelector('#custom_args_1')));
  });

  it('brings the argument into view, not the note above the form (which cut the title off)', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderApp(refusingApi());
    const dialog = await submitTwoArguments();
    await within(dialog).findByRole('alert');
    await waitFor(() => expect(scrolled).toEqual([dialog.querySelector('#custom_args_1')]));
  });
});
