import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../shared/api';
import { anchoredServers, withProgramPaths } from './program-paths';

describe("a relative path a program gives means the program's folder, not the app's", () => {
  const base = mkdtempSync(join(tmpdir(), 'cs-program-paths-'));
  writeFileSync(join(base, 'x.sh'), '#!/bin/sh\n');

  it('records the folder for a command naming a relative file, makes a relative cwd absolute, leaves the rest', () => {
    const servers = anchoredServers(
      {
        rel: { command: './x.sh' },
        rel2: { command: 'sh', args: ['x.sh'], cwd: '.' },
        sub: { command: 'node', args: ['s.js'], cwd: 'sub' },
        plain: { command: 'npx', args: ['-y', 'server'] },
        abs: { command: 'node', args: ['x.sh'], cwd: '/srv' },
        web: { type: 'http', url: 'https://example.com/mcp' },
      },
      base,
    );
    expect(servers).toEqual({
      rel: { command: './x.sh', cwd: base },
      rel2: { command: 'sh', args: ['x.sh'], cwd: base },
      sub: { command: 'node', args: ['s.js'], cwd: join(base, 'sub') },
      plain: { command: 'npx', args: ['-y', 'server'] },
      abs: { command: 'node', args: ['x.sh'], cwd: '/srv' },
      web: { type: 'http', url: 'https://example.com/mcp' },
    });
  });

  it('sends addServer, updateServer and importConfig with absolute paths', async () => {
    const sent: unknown[] = [];
    const record = (input: unknown) => (sent.push(input), Promise.resolve({ ok: true }));
    const inner = { on: () => () => undefined, addServer: record, updateServer: record, importConfig: record } as unknown as AppApi;
    const api = withProgramPaths(inner, base);
    await api.addServer({ name: 'a', config: { command: 'sh', args: ['x.sh'] } });
    await api.updateServer({ name: 'a', config: { command: 'sh', cwd: 'sub' } });
    await api.importConfig({ source: 'cursor', path: 'mcp.json' });
    await api.importConfig({ source: 'cursor' });
    expect(sent).toEqual([
      { name: 'a', config: { command: 'sh', args: ['x.sh'], cwd: base } },
      { name: 'a', config: { command: 'sh', cwd: join(base, 'sub') } },
      { source: 'cursor', path: join(base, 'mcp.json') },
      { source: 'cursor' },
    ]);
  });
});
