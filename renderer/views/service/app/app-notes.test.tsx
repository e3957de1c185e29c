// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppNotes } from './app-notes';

afterEach(cleanup);

describe('What the app said', () => {
  it('shows the hidden characters of what an app says as escapes, keeping its line breaks', () => {
    render(<AppNotes notes={[{ kind: 'message', text: 'Paid\u200b to\u202e 0001$\nthanks' }]} />);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe('Message: Paid\\u200b to\\u202e 0001$\nthanks');
  });

  it('shows nothing when the app said nothing', () => {
    const { container } = render(<AppNotes notes={[]} />);
    expect(container.textContent).toBe('');
  });
});
