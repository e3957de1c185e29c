// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// Under Last error a person reads what kind of failure it was in words; the wire's code is a quiet aside, never the sentence.

it("says in words what kind of failure a service's last error is, its code only as a small aside", async () => {
  const broken = serverStatus({ name: 'broken', state: 'error', lastError: { code: 'server_unavailable', message: '"broken" exited before it answered' } });
  renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [broken] }) }), { hash: '#/services/broken' });
  const panel = await screen.findByRole('region', { name: 'Last error' });
  expect(panel.textContent).not.toContain('Code:');
  expect(panel.textContent).toContain('It could not be reached, stopped before it answered, or answered with an error of its own.');
  // The code appears once, inside the small aside.
  expect(panel.textContent?.split('server_unavailable')).toHaveLength(2);
  expect(panel.querySelector('small.error-code')?.textContent).toBe('(server_unavailable)');
});

it("words a service's own error answer as its failure, not one inside Connected Services", async () => {
  const failing = serverStatus({
    name: 'failing',
    state: 'error',
    lastError: { code: 'server_unavailable', message: '"failing" answered with an error while starting: quota exceeded', data: { mcpCode: -32000, server: 'failing' } },
  });
  renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [failing] }) }), { hash: '#/services/failing' });
  const panel = await screen.findByRole('region', { name: 'Last error' });
  expect(panel.textContent).toContain('answered with an error of its own.');
  expect(panel.textContent).not.toContain('inside Connected Services');
});
