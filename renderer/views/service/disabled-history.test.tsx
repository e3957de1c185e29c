// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// A turned-off service rests in the pool's "stopped": its page's badge says "disabled", and so does its state history.

const HISTORY: ServerStatus['history'] = [
  { at: 1_800_000_000_000, state: 'starting' },
  { at: 1_800_000_001_000, state: 'ready' },
  { at: 1_800_000_002_000, state: 'stopped' },
];

function withServer(server: ServerStatus) {
  return createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [server] }) });
}

async function historyLines(): Promise<string[]> {
  const history = await screen.findByRole('region', { name: 'State history' });
  return within(history)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe("a service's state history", () => {
  it('says "disabled" first for a disabled service, as its badge does, above the changes the pool recorded', async () => {
    renderApp(withServer(serverStatus({ name: 'files', enabled: false, state: 'stopped', history: HISTORY })), { hash: '#/services/files' });
    const lines = await historyLines();
    expect(lines[0]).toBe('now disabled — turned off: agents do not see it');
    expect(lines.slice(1).map((line) => line.split(' ').at(-1))).toEqual(['stopped', 'ready', 'starting']);
    expect(lines.slice(1).map((line) => /^\d+\./.exec(line)?.[0])).toEqual(['3.', '2.', '1.']);
    expect(document.querySelector('main [data-state="disabled"]')).not.toBeNull();
  });

  it('says "disabled" for one turned off before it ever ran', async () => {
    renderApp(withServer(serverStatus({ name: 'files', enabled: false, state: 'idle', history: [] })), { hash: '#/services/files' });
    expect(await historyLines()).toEqual(['now disabled — turned off: agents do not see it']);
  });

  it("ends in the pool's own state for an enabled service", async () => {
    renderApp(withServer(serverStatus({ name: 'files', state: 'stopped', history: HISTORY })), { hash: '#/services/files' });
    const lines = await historyLines();
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('disabled');
  });
});
