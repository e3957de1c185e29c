// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

// An agent call that failed says in words what kind of failure it was, as a service's Last error does; its code is a quiet aside in the details.

const FAILED: AuditEntry = { time: Date.now(), agent: 'claude', server: 'github', kind: 'tool', tool: 'list_issues', durationMs: 30_000, callMs: 30_000, outcome: 'error', errorCode: 'timeout', approval: undefined };

it("says in words what kind of failure an agent call's error was, on its row and in its details", async () => {
  renderApp(createFakeApi({ readAudit: () => [FAILED], listAgents: () => [] }), { hash: '#/activity' });
  const table = await screen.findByRole('table');
  const row = within(table).getAllByRole('row')[1] as HTMLElement;
  const outcome = row.querySelector('td[data-label="Outcome"]');
  expect(outcome?.textContent).toContain('It did not answer in time.');
  expect(outcome?.textContent).not.toContain('timeout');
  fireEvent.click(within(row).getByRole('button', { name: /^Details of list_issues on github/ }));
  const facts = table.querySelector('.audit-facts');
  const error = [...(facts?.querySelectorAll('dt') ?? [])].find((dt) => dt.textContent === 'Error')?.nextElementSibling;
  expect(error?.textContent).toBe('It did not answer in time. (timeout)');
  // The code appears once, inside the small aside.
  expect(error?.querySelector('small.error-code')?.textContent).toBe('(timeout)');
});

it('says "no service" in the Service column of a call that reached none, not an empty cell', async () => {
  const lost: AuditEntry = { ...FAILED, server: '', tool: 'nowhere__x', errorCode: 'not_found' };
  // An agent's listing is of every service it reaches: it names them so.
  const listing: AuditEntry = { time: FAILED.time - 1, agent: 'claude', server: '', kind: 'listing', tool: 'tools/list', durationMs: 0, outcome: 'ok', approval: undefined, listing: { searched: [], every: false, boundBytes: 4 * 1024 * 1024 } };
  renderApp(createFakeApi({ readAudit: () => [lost, FAILED, listing], listAgents: () => [] }), { hash: '#/activity' });
  const table = await screen.findByRole('table');
  const services = within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('td[data-label="Service"]')?.textContent);
  expect(services).toEqual(['no service', 'github', 'its services']);
});
