// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../test/support/renderer';
import { App } from './app';

// Any screen failing while it renders (a malformed schema from a server, say): the app around it stays.
vi.mock('./screen', () => ({
  Screen: () => {
    throw new Error('bad schema');
  },
}));

afterEach(cleanup);

const failingApi = () => createFakeApi();

async function failureText(): Promise<string> {
  const note = await screen.findByText(/Could not show this screen/);
  return note.closest('[role="alert"]')?.textContent ?? note.parentElement?.textContent ?? '';
}

describe('a screen that fails says what works instead', () => {
  it('in the desktop app: another screen, then back', async () => {
    const errors = console.error;
    console.error = () => undefined;
    try {
      window.location.hash = '#/';
      render(<App api={failingApi()} />);
      const text = await failureText();
      expect(text).toContain('Go to another screen with the navigation above, then back to try again.');
      expect(text).not.toContain('reload');
    } finally {
      console.error = errors;
    }
  });

  it('in web mode: never a reload as the way out, which signs the tab out, but what the page then offers', async () => {
    const errors = console.error;
    console.error = () => undefined;
    try {
      window.location.hash = '#/';
      render(<App api={failingApi()} requestLink={() => Promise.resolve({ shown: true })} />);
      const text = await failureText();
      expect(text).toContain('Go to another screen with the navigation above, then back to try again.');
      expect(text).toContain('A reload would sign this tab out: the page then offers a new sign-in address.');
      expect(text).not.toContain('reload the page');
    } finally {
      console.error = errors;
    }
  });
});
