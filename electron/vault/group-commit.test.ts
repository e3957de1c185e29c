import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('writes mutations queued during a write together, in order, and skips a batch that changes nothing', async () => {
    const store = new Map<string, string>();
    const writes: string[][] = [];
    let release: () => void = () => undefined;
    let first = true;
    const commit = new GroupCommit(async (apply) => {
      if (first) {
        first = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      const next = new Map(store);
      if (apply(next)) {
        writes.push([...next.values()]);
        store.clear();
        for (const [k, v] of next) store.set(k, v);
      }
    });
    const set = (k: string, v: string) =>
      commit.submit((m) => {
        m.set(k, v);
        return { changed: true, result: v };
      });
    const a = set('a', '1');
    const rest = [set('b', '2'), set('a', '3'), commit.submit(() => ({ changed: false, result: 'none' }))];
    release();
    expect(await Promise.all([a, ...rest])).toEqual(['1', '2', '3', 'none']);
    expect(writes).toEqual([['1'], ['3', '2']]);
  });

  it('rejects the whole batch when the write fails', async () => {
    const commit = new GroupCommit(() => Promise.reject(new CodedError('timeout', 'lock busy')));
    const results = await Promise.allSettled([commit.submit(() => ({ changed: true, result: 1 }))]);
    expect(results[0]?.status).toBe('rejected');
  });
});
