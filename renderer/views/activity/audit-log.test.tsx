// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const BASE: AuditEntry = { time: Date.now(), agent: 'claude', server: 'github', kind: 'tool', tool: 'list_issues', durationMs: 54_162, outcome: 'ok', approval: 'person' };

describe('audit log', () => {
  it('says who decided and how long a call took, in words', async () => {
    const api = createFakeApi({
      readAudit: () => [BASE, { ...BASE, time: BASE.time - 1, tool: 'delete_repo', outcome: 'denied', durationMs: 120, approval: 'timeout' }],
      listAgents: () => [],
    });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first?.textContent).toContain('54 s');
    expect(first?.textContent).toContain('allowed by you');
    expect(first?.textContent).not.toContain('54162');
    expect(second?.textContent).toContain('120 ms');
    expect(second?.textContent).toContain('denied: timed out');
  });
});
