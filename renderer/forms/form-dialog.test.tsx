// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

afterEach(cleanup);

interface Data {
  name?: string;
}

const SCHEMA: RJSFSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] };

/** An opener that shows the dialog, as the screens do: focus goes back to it when the dialog closes. */
function Opened({ onSubmit, error, withForm = true }: { onSubmit: (data: Data) => void; error?: { message: string }; withForm?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <FormDialog<Data>
          title="Add a thing"
          onClose={() => setOpen(false)}
          error={error ?? null}
          {...(withForm ? { form: { idPrefix: 't', label: 'Thing settings', schema: SCHEMA, submitText: 'Add', onSubmit } } : {})}
        >
          <p>What a thing is.</p>
        </FormDialog>
      )}
    </>
  );
}

function open(): HTMLElement {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

/** True when the browser would ask "Leave site?" before a reload or a close. */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('FormDialog', () => {
  it("brings a failed submit's error into view: it stands above the form, the button below", () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      const { rerender } = render(<Opened onSubmit={vi.fn()} />);
      open();
      expect(scrollIntoView).not.toHaveBeenCalled();
      rerender(<Opened onSubmit={vi.fn()} error={{ message: 'an agent named "x" already exists' }} />);
      expect(scrolled.map((element) => element.textContent)).toEqual([expect.stringContaining('An agent named "x" already exists')]);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  // A screens review: after a refused submit focus was on the page (the button had been disabled), and a keyboard user started over from the top.
  it('moves focus to the error when the submit left it nowhere, and leaves it where it is otherwise', async () => {
    const { rerender } = render(<Opened onSubmit={vi.fn()} />);
    open();
    (document.activeElement as HTMLElement | null)?.blur();
    rerender(<Opened onSubmit={vi.fn()} error={{ message: 'an agent named "x" already exists' }} />);
    // The error's own box, not the dialog around it.
    await waitFor(() => expect(document.activeElement?.firstElementChild?.getAttribute('role')).toBe('alert'));
    expect(document.activeElement?.textContent).toContain('An agent named "x" already exists');
    const name = screen.getByRole('textbox', { name: /Name/ });
    name.focus();
    rerender(<Opened onSubmit={vi.fn()} error={{ message: 'another refusal' }} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(name);
  });

  it('asks before the page is left once the person edited the form, until the dialog closes', () => {
    render(<Opened onSubmit={vi.fn()} />);
    open();
    expect(leavingAsks()).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'half typed' } });
    expect(leavingAsks()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(leavingAsks()).toBe(false);
  });

  it('with edits not saved, Escape, Close and Cancel ask "Discard your changes?" first; Keep editing keeps them and the focus', () => {
    render(<Opened onSubmit={vi.fn()} />);
    const opener = open();
    const field = screen.getByRole('textbox', { name: /Name/ });
    fireEvent.change(field, { target: { value: 'half typed' } });
    field.focus();
    const asks = () => screen.queryByRole('group', { name: /Discard your changes\?/ });
    for (const close of [
      () => fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Close “Add a thing”' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
    ]) {
      close();
      expect(asks()).not.toBeNull();
      expect(screen.getByRole('dialog')).toBeTruthy();
      // The safe choice has the focus: a second Enter loses nothing.
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep editing' }));
      fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
      expect(asks()).toBeNull();
      expect(document.activeElement).toBe(field);
      expect((field as HTMLInputElement).value).toBe('half typed');
    }
    // Escape on the question is Keep editing too.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(asks()).toBeNull();
    expect(document.activeElement).toBe(field);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('with edits not saved, a dialog the browser closed anyway (a second Escape) opens again and keeps them', () => {
    render(<Opened onSubmit={vi.fn()} />);
    open();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'half typed' } });
    const dialog = screen.getByRole('dialog');
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('group', { name: /Discard your changes\?/ })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Name/ }).value).toBe('half typed');
  });

  it('is a dialog named by its title, with the text, the labelled form, its first field focused, and submit beside Cancel', async () => {
    const onSubmit = vi.fn();
    render(<Opened onSubmit={onSubmit} />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Add a thing' });
    expect(dialog.textContent).toContain('What a thing is.');
    const field = screen.getByRole('textbox', { name: /Name/ });
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('group', { name: 'Thing settings' })).toBeTruthy();
    fireEvent.change(field, { target: { value: 'mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'mine' }));
  });

  it('closes on Cancel and on Escape, focus back on what opened it', () => {
    render(<Opened onSubmit={() => undefined} />);
    const opener = open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    open();
    // The native dialog turns Escape into `cancel`.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the last error above the form, and no form while there is nothing to fill in', () => {
    render(<Opened onSubmit={() => undefined} error={{ message: 'The name is taken.' }} withForm={false} />);
    open();
    expect(screen.getByRole('dialog').textContent).toContain('The name is taken.');
    expect(screen.queryByRole('group', { name: 'Thing settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
