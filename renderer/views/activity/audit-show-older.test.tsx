// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, AuditEntry } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const at = (i: number): string => `${'a'.repeat(16)}.${i}`;
const call = (i: number): AuditEntry => ({ time: 1_000_000 + i, agent: 'claude', server: 'github', kind: 'tool', tool: `call_${i}`, durationMs: 5, outcome: 'ok', at: at(i) });
/** The audit's 250 calls, newest first, in pages as readAudit answers them. */
function readAudit({ before, limit = 100 }: ApiInput<'readAudit'>): AuditEntry[] {
  const from = before === undefined ? 249 : Number(before.split('.')[1]) - 1;
  const page: AuditEntry[] = [];
  for (let i = from; i >= 0 && page.length < limit; i--) page.push(call(i));
  const last = page.at(-1);
  if (last !== undefined && Number(last.at?.split('.')[1]) > 0) last.older = true;
  return page;
}

// Rows by selector: role queries over 250 rows take seconds each in jsdom.
const tools = (table: HTMLElement): string[] => [...table.querySelectorAll('tbody tr')].map((row) => row.querySelector('code')?.textContent ?? '');

describe('Activity "Show older"', () => {
  it('appends the next page below, disappears when nothing is older, and keeps live calls on top once each', async () => {
    const api = createFakeApi({ readAudit, listAgents: () => [] });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(tools(table)).toHaveLength(200);
    expect(tools(table).at(-1)).toBe('call_50');
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'ok' } });
    await waitFor(() => expect(api.callsOf('readAudit')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Show older' }));
    // The filter goes with the cursor: the page older than the oldest call shown.
    await waitFor(() => expect(api.callsOf('readAudit').at(-1)).toEqual({ limit: 200, before: at(50), outcome: 'ok' }));
    const all = await screen.findByRole('table');
    await waitFor(() => expect(tools(all)).toHaveLength(250));
    expect(tools(all).slice(198, 202)).toEqual(['call_51', 'call_50', 'call_49', 'call_48']);
    expect(tools(all).at(-1)).toBe('call_0');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    const { at: _written, ...arrived } = call(250);
    act(() => api.emit('auditEntry', arrived));
    expect(tools(all)).toHaveLength(251);
    expect(tools(all)[0]).toBe('call_250');
    expect(new Set(tools(all)).size).toBe(251);
  }, 120_000);
});
