// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';
import { ErrorBoundary } from '../components';

afterEach(cleanup);

const TOOLS: ToolInfo[] = ['echo', 'echo_twice', 'sum'].map((name) => ({ server: 'everything', name, inputSchema: { type: 'object' } }));

function go(hash: string): void {
  act(() => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

describe('a route within a screen (a tab, a tool) keeps what the screen holds', () => {
  it('a tool chosen from the list by keyboard: the link keeps the focus and the filter its words', async () => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: TOOLS.length })] }),
      listTools: () => TOOLS,
    });
    renderApp(api, { hash: '#/services/everything/tools' });
    const filter = await screen.findByRole('searchbox', { name: 'Filter tools' });
    fireEvent.change(filter, { target: { value: 'echo' } });
    const link = await screen.findByRole('link', { name: /^echo_twice/ });
    link.focus();
    go('#/services/everything/tools/echo_twice');
    await screen.findByRole('article', { name: /echo_twice/ });
    expect(link.isConnected).toBe(true);
    expect(document.activeElement).toBe(link);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Filter tools' }).value).toBe('echo');
  });
});

function Fails({ fail }: { fail: boolean }) {
  if (fail) throw new Error('bad schema');
  return <p>shown</p>;
}

describe('the screen error boundary', () => {
  it('clears a failure when what it shows changes, without a remount of what it holds', async () => {
    const errors = console.error;
    console.error = () => undefined;
    try {
      const { rerender } = render(
        <ErrorBoundary resetKey="#/a" what="this screen" hint="Go elsewhere.">
          <Fails fail />
        </ErrorBoundary>,
      );
      expect(screen.getByText(/Could not show this screen: bad schema/)).toBeTruthy();
      rerender(
        <ErrorBoundary resetKey="#/a" what="this screen" hint="Go elsewhere.">
          <Fails fail={false} />
        </ErrorBoundary>,
      );
      expect(screen.queryByText('shown')).toBeNull();
      rerender(
        <ErrorBoundary resetKey="#/b" what="this screen" hint="Go elsewhere.">
          <Fails fail={false} />
        </ErrorBoundary>,
      );
      await waitFor(() => expect(screen.getByText('shown')).toBeTruthy());
    } finally {
      console.error = errors;
    }
  });
});
