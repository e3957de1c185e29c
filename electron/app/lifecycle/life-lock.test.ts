import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseAppStartedSince, takeLifeLock } from './life-lock';

describe('refuseAppStartedSince', () => {
  it('lets a widening through while no app holds the folder, and refuses it, naming the app, once one does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-life-lock-'));
    try {
      await expect(refuseAppStartedSince(dir)).resolves.toBeUndefined();
      const unlock = await takeLifeLock(dir, process.platform);
      const refused = await refuseAppStartedSince(dir).then(() => undefined, (error: unknown) => error as { code: string; message: string });
      expect(refused?.code).toBe('denied');
      expect(refused?.message).toContain(`An app now runs for this data folder (pid ${process.pid})`);
      await unlock();
      await expect(refuseAppStartedSince(dir)).resolves.toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
