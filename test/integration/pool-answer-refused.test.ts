import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type AskRouter, type Pool } from '../../electron/pool';
import type { CallResult } from '../../shared/api';
import { REFUSED_ANSWER, REFUSED_ARGUMENT, startAnswerRefusingServer } from '../fixtures/servers/answer-refusing-server';
import { rejection } from '../support/rejection';
import { tempDir } from '../support/server-harness';

const pools: Pool[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A pool whose router answers every question with `colour`. */
async function answering(colour: string): Promise<Pool> {
  const server = await startAnswerRefusingServer();
  closers.push(() => server.close());
  const router: AskRouter = {
    elicit: () => Promise.resolve({ action: 'accept', content: { colour } }),
    sample: () => Promise.reject(new Error('not asked')),
  };
  const pool = createPool({ cacheDir: tempDir('answer-refused-'), asks: { router } });
  pools.push(pool);
  await pool.apply({ mcpServers: { remote: { type: 'http', url: server.url } } });
  return pool;
}

const text = (result: CallResult): string => result.content.map((c) => (typeof c['text'] === 'string' ? c['text'] : '')).join('\n');

describe('a service that refuses the answer to its question (2026-07-28 input_required rounds)', () => {
  it('says the answer was refused, not the arguments', async () => {
    const pool = await answering('green');
    const error = await rejection(pool.callTool('remote', 'pick', { count: 1 }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(`"remote" refused the answer to its question during tool "pick": ${REFUSED_ANSWER}`);
    expect(error.hint).toBe('the arguments were accepted: run tool "pick" again and give an answer that fits what "remote" asks');
    expect(`${error.message} ${error.hint}`).not.toContain('rejected the arguments');
  });

  it('still says the arguments were rejected when the first leg refuses them, and takes an answer that fits', async () => {
    const pool = await answering('red');
    const error = await rejection(pool.callTool('remote', 'pick', { count: -1 }));
    expect(error.message).toBe(`"remote" rejected the arguments of tool "pick": ${REFUSED_ARGUMENT}`);
    expect(text(await pool.callTool('remote', 'pick', { count: 1 }))).toBe('picked red');
  });
});
