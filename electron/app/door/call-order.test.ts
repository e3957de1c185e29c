import { describe, expect, it } from 'vitest';
import { API_METHODS, CALLERS, type ApiInput, type ApiMethod, type AppApi } from '../../../shared/api';
import { createApiDoor } from './api-door';

type Sent = { [M in ApiMethod]: [M, ApiInput<M>] }[ApiMethod];

/** The person's API as a recorder of the order in which methods are entered (what `connect` takes its count of stops at). */
function setup(): { door: ReturnType<typeof createApiDoor>; entered: string[] } {
  const entered: string[] = [];
  const methods: Record<string, unknown> = { on: () => () => undefined };
  for (const method of Object.keys(API_METHODS)) {
    methods[method] = () => {
      entered.push(method);
      return Promise.resolve({ ok: true });
    };
  }
  const door = createApiDoor({ api: methods as unknown as AppApi, admin: { record: (entry) => ({ ...entry, id: 'e', time: 0 }) } });
  return { door, entered };
}

const BY_NAME = { name: 'f' };
/** A start or restart and a stop of one server, sent in this order in one tick. */
const PAIRS: Sent[][] = [
  [
    ['connect', BY_NAME],
    ['stopServer', BY_NAME],
  ],
  [
    ['restartServer', BY_NAME],
    ['stopServer', BY_NAME],
  ],
  [
    ['connect', BY_NAME],
    ['restartServer', BY_NAME],
  ],
  [
    ['connect', BY_NAME],
    ['disconnect', BY_NAME],
  ],
  [
    ['stopServer', BY_NAME],
    ['connect', BY_NAME],
  ],
];

// A stop sent right after a connect (or a restart) must reach its method second: the method takes its
// count of stops on entry, so a stop that overtook it at the door would be undone by the start.
describe('the door: a server\'s start and stop reach their methods in the order sent', () => {
  for (const caller of CALLERS) {
    for (const pair of PAIRS) {
      it(`${caller}: ${pair.map(([method]) => method).join(' then ')}`, async () => {
        const { door, entered } = setup();
        await Promise.all(pair.map(([method, input]) => door.call({ caller }, method, input)));
        expect(entered).toEqual(pair.map(([method]) => method));
      });
    }
  }
});
