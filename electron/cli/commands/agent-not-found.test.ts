import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { explainAgentError } from './agent-not-found';

const api = { listAgents: () => Promise.resolve([{ name: 'claude-code' }, { name: 'laptop' }]) } as unknown as Parameters<typeof explainAgentError>[0];
const missing = (name: string) => new CodedError('not_found', `No agent named "${name}"`, { hint: 'See `connected-services agents list`' });

describe('an agent command naming an agent that is not there', () => {
  it('says the agent a typo most likely meant', async () => {
    await expect(explainAgentError(api, 'claude-cod', missing('claude-cod'))).rejects.toMatchObject({ code: 'not_found', hint: 'Did you mean claude-code? See `connected-services agents list`' });
    await expect(explainAgentError(api, 'zzzzzz', missing('zzzzzz'))).rejects.toMatchObject({ hint: 'See `connected-services agents list`' });
  });

  it('leaves every other error as it was', async () => {
    const other = new CodedError('denied', 'no');
    await expect(explainAgentError(api, 'laptp', other)).rejects.toBe(other);
  });
});
