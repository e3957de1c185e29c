import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledParsers } from '../../test/support/compiled-parsers';
import { withFileLock } from './file-lock';

// Its own file: a schema compiles its fast parser once per process, so an earlier parse would hide it.
describe('a lock record read back', () => {
  it('is checked without compiling a parser for it (a lock is taken at every start)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-lock-parse-')), 'data.json');
    let held = false;
    const compiled = await compiledParsers(() =>
      withFileLock(file, { staleMs: 1_000, timeoutMs: 1_000 }, () => {
        held = true;
        return Promise.resolve();
      }),
    );
    expect(held).toBe(true);
    expect(compiled).toBe(0);
  });
});
