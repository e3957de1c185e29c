import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { refuseUnusablePrompt } from './refuse-prompt';

const PROMPTS = [
  { server: 'everything', name: 'simple-prompt' },
  { server: 'everything', name: 'args-prompt', arguments: [{ name: 'city', required: true }, { name: 'state', required: false }] },
];
const api = { listPrompts: ({ server }: { server?: string }) => Promise.resolve(server === 'everything' ? PROMPTS : []) } as unknown as AppApi;

describe('refuseUnusablePrompt: a command-line prompt refused before the person is asked', () => {
  it('refuses a prompt the server does not list (not_found), naming where to look', async () => {
    await expect(refuseUnusablePrompt(api, { server: 'everything', name: 'nosuch' })).rejects.toMatchObject({
      code: 'not_found',
      message: '"everything" has no prompt "nosuch"; nothing was asked in the app',
      hint: 'Run `connected-services prompts everything` to see what it offers',
    });
  });

  it('refuses a call that leaves out a required argument', async () => {
    await expect(refuseUnusablePrompt(api, { server: 'everything', name: 'args-prompt', arguments: { state: 'x' } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Prompt "args-prompt" of "everything" requires the argument "city", missing from this call; nothing was asked in the app',
    });
  });

  it('lets a listed prompt with its required arguments through, and a server never listed', async () => {
    await expect(refuseUnusablePrompt(api, { server: 'everything', name: 'args-prompt', arguments: { city: 'Paris' } })).resolves.toBeUndefined();
    await expect(refuseUnusablePrompt(api, { server: 'everything', name: 'simple-prompt' })).resolves.toBeUndefined();
    await expect(refuseUnusablePrompt(api, { server: 'other', name: 'anything' })).resolves.toBeUndefined();
  });
});
