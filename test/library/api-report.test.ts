import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Declared from '../../electron/library/api';
import * as library from '../../electron/library';
import { ROOT } from '../fixtures/servers/config';

const committed = (): string => readFileSync(`${ROOT}docs/api/connected-services.api.md`, 'utf8');

/**
 * The library's public API is reviewed as a report (API Extractor): the build writes it from the
 * declarations (dist/api-report/), and it must be the one committed in docs/api/.
 */
describe("the library's public API", () => {
  it('is the API report committed in docs/api (run `npm run api` to accept a change, and review it)', () => {
    const built = readFileSync(`${ROOT}dist/api-report/connected-services.api.md`, 'utf8');
    expect(built, 'the public API changed: review the difference, then run `npm run api` and commit docs/api/').toBe(committed());
  });

  it('the bundle exports exactly the values the report declares', async () => {
    const declared = [...committed().matchAll(/^export (?:function|class|const) (\w+)/gm)].map((m) => m[1]).sort();
    const bundle = (await import(`${ROOT}dist/library.mjs`)) as Record<string, unknown>;
    expect(Object.keys(bundle).sort()).toEqual(declared);
    expect(Object.keys(library).sort()).toEqual(declared);
  });

  it('the implementation has the declared types', () => {
    expectTypeOf(library.openConnectedServices).toEqualTypeOf<typeof Declared.openConnectedServices>();
    expectTypeOf(library.waitingRequest).toEqualTypeOf<typeof Declared.waitingRequest>();
  });
});
