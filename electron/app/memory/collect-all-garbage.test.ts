import { describe, expect, it } from 'vitest';
import { runNode } from '../../../test/support/cli';

const moduleUrl = new URL('./collect-all-garbage.ts', import.meta.url).href;

/** Runs `body` in a fresh process with collectAllGarbage imported and the inspector's collections counted; returns its JSON line. */
async function probe<T>(body: string): Promise<{ result: T; stderr: string; code: number | null }> {
  const script = `
import { getHeapSpaceStatistics } from 'node:v8';
import { Session } from 'node:inspector';
import { collectAllGarbage } from ${JSON.stringify(moduleUrl)};
let collections = 0;
const post = Session.prototype.post;
Session.prototype.post = function (method, ...rest) {
  if (method === 'HeapProfiler.collectGarbage') collections++;
  return post.call(this, method, ...rest);
};
const space = (name) => getHeapSpaceStatistics().find((s) => s.space_name === name);
const collected = () => new Promise((resolve) => collectAllGarbage(resolve));
${body}
`;
  const { code, stdout, stderr } = await runNode(['--import', 'tsx', '--input-type=module', '-e', script], { what: 'the collection probe', timeoutMs: 60_000 });
  return { result: JSON.parse(stdout) as T, stderr, code };
}

describe('collectAllGarbage', () => {
  it('gives back the garbage of both generations (the young one grown by short-lived objects), with nothing on stderr', async () => {
    const { result, stderr, code } = await probe<{ before: { young: number; old: number }; after: { young: number; old: number }; collections: number }>(`
let keep = [];
for (let i = 0; i < 600000; i++) { keep.push({ i, text: 'x' + i }); if (keep.length > 50000) keep = []; }
keep = null;
const before = { young: space('new_space').space_size, old: space('old_space').space_used_size };
await collected();
const after = { young: space('new_space').space_size, old: space('old_space').space_used_size };
console.log(JSON.stringify({ before, after, collections }));
`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(result.collections).toBe(1);
    expect(result.after.young).toBeLessThan(result.before.young);
    expect(result.after.old).toBeLessThan(result.before.old);
  }, 90_000);

  it('joins asks made while one is pending, and leaves the process answering signals (the session ends outside its callback)', async () => {
    // Node 20 hangs its main thread for good when the session is disconnected inside the answer's
    // callback: then neither the timer nor the SIGTERM handler below would ever run.
    const { result, code } = await probe<{ done: string[]; joined: number; collections: number; signal: string }>(`
const done = [];
const returned = [collectAllGarbage(() => done.push('first')), collectAllGarbage(() => done.push('second'))];
await collected();
const joined = collections;
await collected();
// A signal's listener does not keep the process alive: the interval does until it runs.
const alive = setInterval(() => undefined, 1000);
const signal = await new Promise((resolve) => {
  process.once('SIGTERM', () => resolve('SIGTERM handled'));
  process.kill(process.pid, 'SIGTERM');
});
clearInterval(alive);
console.log(JSON.stringify({ done, returned, joined, collections, signal }));
`);
    expect(code).toBe(0);
    // Three asks before the first collection ran are one; the next after it is another.
    expect(result).toEqual({ done: ['first', 'second'], returned: [true, true], joined: 1, collections: 2, signal: 'SIGTERM handled' });
  }, 90_000);
});
