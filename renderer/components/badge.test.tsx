// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';
import { Badge } from './badge';

afterEach(cleanup);

// A zero-width space hides a character's place; a right-to-left override turns "notes.exe" into "exe.seton".
const ZERO_WIDTH = '\u200B';
const BIDI = '\u202E';

describe("a badge shows a server's hidden characters as escapes", () => {
  it('in its text and its tooltip', () => {
    const { container } = render(
      <Badge tone="muted" title={`from ${BIDI}registry`}>
        added as {`a${ZERO_WIDTH}b`}, {`${BIDI}exe.notes`}
      </Badge>,
    );
    const badge = container.querySelector('.badge');
    expect(badge?.textContent).toBe('added as a\\u200bb, \\u202eexe.notes');
    expect(badge?.getAttribute('title')).toBe('from \\u202eregistry');
  });

  it("in a server's state badge, its error's reason and tooltip", async () => {
    const message = `could not start ${BIDI}exe.notes: no${ZERO_WIDTH}such command. Run it by hand.`;
    const broken = serverStatus({ name: 'broken', transport: 'stdio', state: 'error', lastError: { code: 'server_unavailable', message } });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [broken] }) }));
    const label = await screen.findByText(/^error: could not start/);
    const badge = label.closest('.badge');
    expect(badge?.textContent).toBe('error: could not start \\u202eexe.notes: no\\u200bsuch command');
    expect(badge?.getAttribute('title')).toBe('could not start \\u202eexe.notes: no\\u200bsuch command. Run it by hand.');
    expect(badge?.textContent).not.toMatch(/[\u200B\u202E]/);
  });
});
