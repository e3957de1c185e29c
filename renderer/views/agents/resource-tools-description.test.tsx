// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('the Create agent dialog, Resources and prompts as tools', () => {
  it('reads the label first, then the text about it, which describes the checkbox', async () => {
    renderApp(createFakeApi(), { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    const box = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Resources and prompts as tools' });
    const text = within(dialog).getByText(/adds list_resources, read_resource and get_prompt/);
    const label = box.closest('label');
    expect(label).not.toBeNull();
    // The text comes after the label in reading order.
    expect(label!.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const description = text.closest('.field-description');
    expect(description?.id).toBeTruthy();
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(description?.id);
  });
});
