import { describe, expect, it } from 'vitest';
import type { ProcessMark } from '../../proc-env';
import { CodeOwners } from './code-owners';

function owners(running: Set<number>) {
  const forgotten: string[] = [];
  const owners = new CodeOwners({
    forget: {
      servers: (names) => Promise.resolve(void forgotten.push(`servers ${names.join(',')}`)),
      agents: (names) => Promise.resolve(void forgotten.push(`agents ${names.join(',')}`)),
    },
    running: (mark: ProcessMark) => running.has(mark.pid),
    everyMs: 60_000,
  });
  return { owners, forgotten };
}

describe('CodeOwners', () => {
  it('forgets what a program declared once it is gone, once, and keeps what running programs declared', async () => {
    const running = new Set([1, 2]);
    const { owners: o, forgotten } = owners(running);
    o.record('declareServers', { servers: { a: {}, b: {} } }, { pid: 1, start: '1' });
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 1, start: '1' });
    o.record('declareServers', { servers: { c: {} } }, { pid: 2, start: '1' });
    await o.sweep();
    expect(forgotten).toEqual([]);
    running.delete(1);
    await o.sweep();
    expect(forgotten).toEqual(['agents bot', 'servers a,b']);
    await o.sweep();
    expect(forgotten).toEqual(['agents bot', 'servers a,b']);
    o.stop();
  });

  it('moves a name declared again to its new program, and ignores other methods', async () => {
    const running = new Set([1, 2]);
    const { owners: o, forgotten } = owners(running);
    o.record('declareServers', { servers: { a: {} } }, { pid: 1, start: '1' });
    o.record('declareServers', { servers: { a: {} } }, { pid: 2, start: '1' });
    o.record('setSecret', { name: 'X', value: 'v' }, { pid: 1, start: '1' });
    running.delete(1);
    await o.sweep();
    expect(forgotten).toEqual([]);
    running.delete(2);
    await o.sweep();
    expect(forgotten).toEqual(['servers a']);
  });
});
