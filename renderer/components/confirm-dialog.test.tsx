// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

describe('a confirmation while its work runs', () => {
  it('stays open through Escape, Close and Cancel, and shows a failure in place', async () => {
    let fail: (failure: Error) => void = () => undefined;
    const onClose = vi.fn();
    const onConfirm = () => new Promise<void>((_resolve, reject) => (fail = reject));
    render(
      <ConfirmDialog title="Forget the API key of keyed" confirmLabel="Forget the API key" danger onConfirm={onConfirm} onClose={onClose}>
        <p>keyed stops.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Forget the API key of keyed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forget the API key' }));
    expect(within(dialog).getByRole('button', { name: 'Working…' })).toBeTruthy();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close “Forget the API key of keyed”' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent(dialog, new Event('close'));
    expect(onClose).not.toHaveBeenCalled();
    fail(new Error('The vault is locked'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The vault is locked');
    // Done: Cancel closes again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
