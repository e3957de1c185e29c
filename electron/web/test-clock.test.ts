import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_ENV, testClock } from './test-clock';

describe("the browser tests' clock of the web UI", () => {
  it('is off without the variable or with a relative path', () => {
    expect(testClock({})).toBeUndefined();
    expect(testClock({ [TEST_CLOCK_ENV]: 'clock.txt' })).toBeUndefined();
  });

  it('runs ahead by what the file says, and only ever forward', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-test-clock-')), 'ahead');
    const now = testClock({ [TEST_CLOCK_ENV]: file }, () => 1_000);
    expect(now?.()).toBe(1_000);
    writeFileSync(file, '60000\n');
    expect(now?.()).toBe(61_000);
    for (const text of ['0', '-5000', 'soon', '1.5', '']) {
      writeFileSync(file, text);
      expect([text, now?.()]).toEqual([text, 61_000]);
    }
    writeFileSync(file, '120000');
    expect(now?.()).toBe(121_000);
  });
});
