// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appCallDecision } from '../../../../shared/api';
import { appTool, appToolApi, renderApp } from '../../../../test/support/renderer';

afterEach(cleanup);

const TOOL = appTool('notes', 'show-notes');
const call = (id: string, frame: string, tool: string) =>
  appCallDecision({ id, frame, server: 'notes', tool, tier: 'write', arguments: {}, requestedAt: Date.now(), expiresAt: Date.now() + 60_000 });

// The decisions name an app by its frame tag (its id is its credential, never listed): the panel shows its own.
describe('an app panel\'s waiting calls', () => {
  it('shows the calls of its own frame tag only', async () => {
    const api = appToolApi(TOOL, {
      listDecisions: () => [call('a-1', 'f-1', 'save-note'), call('a-2', 'f-other', 'delete-note')],
    });
    renderApp(api, { hash: '#/services/notes/tools/show-notes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Call show-notes' }));
    const panel = await screen.findByRole('region', { name: 'App of show-notes' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Allow the app to call save-note on notes' })).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: 'Allow the app to call delete-note on notes' })).toBeNull();
  });
});
