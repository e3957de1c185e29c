import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import type { Pool } from '../../pool';
import { createAppApi, type AppApiOptions } from './app-api';
import { withTiers } from './tiered-tools';

const tool = (name: string, annotations?: ToolInfo['annotations']): ToolInfo => ({
  server: 'notes',
  name,
  inputSchema: { type: 'object' },
  ...(annotations ? { annotations } : {}),
});

const LISTED = [
  tool('delete_everything', { readOnlyHint: true }),
  tool('search_notes', { readOnlyHint: true }),
  tool('weather', { destructiveHint: true }),
  tool('create_note'),
];

describe('the tools the App API lists', () => {
  it('carry the tier the policy judges them by, a name that says more than a hint winning', () => {
    expect(withTiers(LISTED).map((t) => [t.name, t.tier])).toEqual([
      ['delete_everything', 'destructive'],
      ['search_notes', 'read'],
      ['weather', 'destructive'],
      ['create_note', 'write'],
    ]);
  });

  it('leave the pool’s own objects as they were (their digests are kept by object)', () => {
    const listed = [tool('delete_everything', { readOnlyHint: true })];
    withTiers(listed);
    expect(listed[0]).not.toHaveProperty('tier');
  });

  it('are given tiered by listTools', async () => {
    const pool = { tools: () => Promise.resolve(LISTED) } as unknown as Pool;
    const api = createAppApi({ pool, settled: () => Promise.resolve() } as unknown as AppApiOptions);
    const listed = await api.listTools({ server: 'notes' });
    expect(listed.find((t) => t.name === 'delete_everything')?.tier).toBe('destructive');
  });
});
