import { afterEach, describe, expect, it, vi } from 'vitest';
import { gateHolds, summarize, unexpectedFailures, type Check, type Sets } from './lib.mjs';

const SETS: Sets = { client: ['initialize', 'http-standard-headers'], server: [], notScored: [{ leg: 'client', scenario: 'auth/dpop', reason: 'extension' }] };
const passed: Check[] = [{ id: 'a', status: 'SUCCESS' }];
const skipped: Check[] = [{ id: 'b', status: 'SKIPPED', errorMessage: 'Client did not send a initialize request' }];
const failed: Check[] = [{ id: 'c', status: 'FAILURE' }, { id: 'd', status: 'SUCCESS' }];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the conformance gate', () => {
  it('holds when every scored scenario passed, whatever the unscored ones did', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const summary = summarize('client', SETS, new Map([['initialize', passed], ['http-standard-headers', passed], ['auth/dpop', failed]]));
    expect(unexpectedFailures('2026-07-28', summary)).toEqual([]);
    expect(gateHolds('2026-07-28', summary)).toBe(true);
  });

  it('does not hold on a scored scenario that was skipped: none of its checks ran', () => {
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const summary = summarize('client', SETS, new Map([['initialize', passed], ['http-standard-headers', skipped]]));
    expect(summary.scored).toMatchObject({ passed: 1, skipped: 1 });
    expect(unexpectedFailures('2026-07-28', summary)).toEqual(['http-standard-headers']);
    expect(gateHolds('2026-07-28', summary)).toBe(false);
    expect(said).toHaveBeenCalledWith('  gate: http-standard-headers was skipped (none of its checks ran) at 2026-07-28');
  });

  it('does not hold on a scored scenario that failed or left no results', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(gateHolds('2026-07-28', summarize('client', SETS, new Map([['initialize', passed], ['http-standard-headers', failed]])))).toBe(false);
    expect(unexpectedFailures('2026-07-28', summarize('client', SETS, new Map([['initialize', passed]])))).toEqual(['http-standard-headers']);
  });
});
