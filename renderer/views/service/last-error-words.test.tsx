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
  expect(panel.textContent).toContain('It could not be reached, or it stopped before it answered.');
  // The code appears once, inside the small aside.
  expect(panel.textContent?.split('server_unavailable')).toHaveLength(2);
  expect(panel.querySelector('small.error-code')?.textContent).toBe('(server_unavailable)');
});
