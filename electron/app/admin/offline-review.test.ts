import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OfflineReview } from './offline-review';

describe('OfflineReview', () => {
  it('removes the temp file of a writer killed before its rename, at its next write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-offline-review-'));
    const left = join(dir, 'review.json.tmp-4242-abcdef');
    writeFileSync(left, '{"partial":');
    await new OfflineReview(dir).acknowledge(0);
    expect(existsSync(left)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('review.json'))).toEqual(['review.json']);
  });
});
