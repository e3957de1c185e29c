import { describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput, Confirmation } from '../../../shared/api';
import type { RunningApp } from '../running-app';
import { confirmationsNote } from './held-call-decision';

const confirmation = (id: string): Confirmation => ({ id, method: 'removeServer', summary: 'remove the server "x"', input: {}, from: 'cli', requestedAt: 0, expiresAt: 1 });

/** An app whose only answer is its list of changes waiting for confirmation. */
function appWaitingOn(ids: string[]): RunningApp {
  return {
    info: { pid: 1, origin: 'http://127.0.0.1:1', startedAt: 0 } as RunningApp['info'],
    call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> {
      void input;
      if (method !== 'listConfirmations') return Promise.reject(new Error(`unexpected ${method}`));
      return Promise.resolve(ids.map(confirmation) as ApiOutput<M>);
    },
  };
}

describe('the note under approvals list on changes waiting in the app', () => {
  it('says "it" of one change and "them" of several', async () => {
    expect(await confirmationsNote(appWaitingOn([]))).toBeUndefined();
    expect(await confirmationsNote(appWaitingOn(['c-1']))).toMatch(/^1 change waits for your confirmation in the app \(c-1\), not here: confirm or refuse it in Connected Services/);
    expect(await confirmationsNote(appWaitingOn(['c-1', 'c-2']))).toMatch(/^2 changes wait for your confirmation in the app \(c-1, c-2\), not here: confirm or refuse them in Connected Services/);
  });
});
