import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../shared/catalog';
import { serverStatus } from '../../../test/support/renderer';
import { entryRows, filterEntries, filterServers, freeName, needsLabel, serverRows } from './catalog-model';

const servers = [
  serverStatus({ name: 'everything', commandLine: 'node /x/@modelcontextprotocol/server-everything/dist/index.js stdio' }),
  serverStatus({ name: 'linear', transport: 'http', url: 'https://mcp.linear.app/mcp', state: 'needs_auth', auth: { connected: false } }),
  serverStatus({ name: 'mine', enabled: false }),
];
const tools = new Map([['mine', [{ server: 'mine', name: 'rotate_keys', inputSchema: {} }]]]);

describe('catalog model', () => {
  const rows = serverRows(servers, tools, CATALOG);

  it('matches configured servers to catalog entries for their icon and auth type', () => {
    // In the tray's order: needing sign-in before fine, disabled last.
    expect(rows.map((r) => [r.status.name, r.entry?.id, r.auth])).toEqual([
      ['linear', 'linear', 'OAuth'],
      ['everything', 'everything', 'none'],
      ['mine', undefined, '—'],
    ]);
    expect(entryRows(CATALOG, rows).find((e) => e.entry.id === 'linear')?.addedAs).toEqual(['linear']);
  });

  it('searches every word across name, description, URL and tool names', () => {
    expect(filterServers(rows, 'rotate', 'all').map((r) => r.status.name)).toEqual(['mine']);
    expect(filterServers(rows, 'LINEAR issues', 'all').map((r) => r.status.name)).toEqual(['linear']);
    expect(filterServers(rows, 'linear nothing-like-this', 'all')).toEqual([]);
    expect(filterServers(rows, '', 'all')).toBe(rows);
  });

  it('filters by state and keeps catalog entries to the all and available views', () => {
    expect(filterServers(rows, '', 'needs_auth').map((r) => r.status.name)).toEqual(['linear']);
    expect(filterServers(rows, '', 'disabled').map((r) => r.status.name)).toEqual(['mine']);
    expect(filterServers(rows, '', 'available')).toEqual([]);
    const entries = entryRows(CATALOG, rows);
    expect(filterEntries(entries, '', 'error')).toEqual([]);
    expect(filterEntries(entries, 'notion', 'available').map((e) => e.entry.id)).toEqual(['notion']);
  });

  it('lists failed services first, then sign-in, approval, fine and disabled ones, by name within each', () => {
    const mixed = [
      serverStatus({ name: 'a-fine', state: 'ready' }),
      serverStatus({ name: 'z-failed', state: 'error' }),
      serverStatus({ name: 'b-off', enabled: false, state: 'error' }),
      serverStatus({ name: 'c-approve', approval: 'pending' }),
      serverStatus({ name: 'd-failed', state: 'error' }),
      serverStatus({ name: 'e-sign-in', state: 'needs_auth' }),
    ];
    expect(serverRows(mixed, new Map(), CATALOG).map((r) => r.status.name)).toEqual(['d-failed', 'z-failed', 'e-sign-in', 'c-approve', 'a-fine', 'b-off']);
  });

  it('says truly what each catalog service needs: programs that read a token or credentials file need them', () => {
    const needs = (id: string) => {
      const entry = CATALOG.find((e) => e.id === id);
      if (!entry) throw new Error(`no catalog entry ${id}`);
      return needsLabel(entry);
    };
    expect(needs('gmail')).toBe('credentials file');
    expect(needs('google-calendar')).toBe('credentials file');
    expect(needs('slack')).toBe('token');
    expect(needs('linear')).toBe('OAuth');
    expect(needs('everything')).toBe('none');
    // No entry says "none" while it asks for a required secret.
    for (const entry of CATALOG) {
      const secret = entry.transport === 'stdio' && (entry.inputs ?? []).some((i) => i.secret && i.required);
      if (secret || entry.auth !== 'none') expect(needsLabel(entry), entry.id).not.toBe('none');
    }
  });

  it('suggests a free name', () => {
    expect(freeName('memory', new Set(['everything']))).toBe('memory');
    expect(freeName('everything', new Set(['everything', 'everything-2']))).toBe('everything-3');
  });
});
