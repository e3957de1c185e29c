import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

const open: Served[] = [];
afterEach(async () => {
  for (const served of open.splice(0)) await served.stop();
});

async function serve(home: string): Promise<Served> {
  const served = await startServe(home);
  open.push(served);
  return served;
}

/** The cached server's tools: the demo memory server may be listed by the first start's warm-up or not yet. */
async function listed(served: Served): Promise<unknown[]> {
  const answer = await served.api('listTools');
  expect(answer.status).toBe(200);
  return (answer.body.result as { server: string }[]).filter((tool) => tool.server === 'everything');
}

// electron/fs-safe/checked-files.ts: what a start-up reads unchanged is not walked by zod again.
describe('serve with the memo of checked inventory caches and pins', () => {
  it('lists the same tools from the memo as from the full check, and still refuses a cache edited after it', async () => {
    const home = tempHome();
    // The demo servers, with everything's inventory cached and its tools pinned.
    expect((await runCli(home, ['tools', 'everything', '--json'])).code).toBe(0);
    const cache = join(home, 'cache', 'inventory', 'everything.json');
    const memos = [join(home, 'cache', 'inventory', '.checked.json'), join(home, 'pins', '.checked.json')];

    const first = await serve(home);
    const checked = await listed(first);
    expect(checked.length).toBeGreaterThan(0);
    await eventually(() => Promise.resolve(memos.every((memo) => existsSync(memo) && readFileSync(memo, 'utf8').includes('"everything.json"')) || undefined));
    await first.stop();

    // From the memo: the same listing, to the byte.
    const second = await serve(home);
    expect(JSON.stringify(await listed(second))).toBe(JSON.stringify(checked));
    await second.stop();

    // Edited after the memo was written: its digest is another, the schema checks it and refuses it.
    const edited = JSON.parse(readFileSync(cache, 'utf8')) as { tools: unknown };
    writeFileSync(cache, JSON.stringify({ ...edited, tools: 'not a list' }));
    const third = await serve(home);
    const line = await eventually(() => Promise.resolve(/\[everything\] ignored its inventory cache: invalid \(.+\)/.exec(third.stderr())?.[0]));
    // (Without a cache the warm-up starts the server anew: what it lists then is its own, not the file's.)
    expect(line).toBeDefined();
  });
});
