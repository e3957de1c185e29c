import { describe, expect, it } from 'vitest';
import type { CheckedEntry } from './entry-check';
import { rowOf } from './registry-row';
import { MAX_LATEST_COUNTED } from './sync-held';

const checked = (version: string, latestMarked?: number): CheckedEntry => ({
  server: { name: 'io.example/multi', description: 'd', version },
  status: 'active',
  isLatest: true,
  ...(latestMarked !== undefined ? { latestMarked } : {}),
});

describe('rowOf', () => {
  it('tells the last listed was shown only when versions were marked latest and the shown one is not a semantic version', () => {
    expect(rowOf('https://r.example', checked('10.0.0', 3))).toMatchObject({ latestMarked: 3 });
    expect(rowOf('https://r.example', checked('10.0.0', 3))).not.toHaveProperty('latestLastListed');
    expect(rowOf('https://r.example', checked('nightly', 2))).toMatchObject({ latestMarked: 2, latestLastListed: true });
    expect(rowOf('https://r.example', checked('nightly'))).not.toHaveProperty('latestLastListed');
  });

  it('says a count that reached the bound is a floor, not the number', () => {
    expect(rowOf('https://r.example', checked('10.0.0', MAX_LATEST_COUNTED))).toMatchObject({ latestMarked: MAX_LATEST_COUNTED, latestMarkedAtLeast: true });
    expect(rowOf('https://r.example', checked('10.0.0', MAX_LATEST_COUNTED - 1))).not.toHaveProperty('latestMarkedAtLeast');
  });
});
