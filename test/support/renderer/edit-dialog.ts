import { fireEvent, screen, within } from '@testing-library/react';

/** Opens the service page's Edit dialog of `name` and waits for its form. */
export async function openEditDialog(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  const edit = await screen.findByRole('dialog', { name: `Edit ${name}` });
  await within(edit).findByRole('group', { name: `Settings of ${name}` });
  return edit;
}

/** Moves the Edit dialog of `name` on to its review and waits for the table of changes. */
export async function reviewEdit(edit: HTMLElement, name: string): Promise<void> {
  fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
  await within(edit).findByRole('heading', { name: `Changes to ${name}` });
}
