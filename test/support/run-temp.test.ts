import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the test run temporary folder', () => {
  it('puts every temporary folder of a test under one folder of the run', () => {
    const made = mkdtempSync(join(tmpdir(), 'probe-'));
    try {
      expect(basename(dirname(made))).toMatch(/^cst-/);
      expect(process.env['TMPDIR']).toBe(dirname(made));
    } finally {
      rmSync(made, { recursive: true, force: true });
    }
  });
});
