// @vitest-own-modules: it starts a thread, ended after each test.
import { afterEach, describe, expect, it } from 'vitest';
import { CheckingThread } from './checking-thread';
import { templatesMatching } from './template-matches';

const open: CheckingThread[] = [];
afterEach(() => {
  for (const thread of open.splice(0)) thread.close();
});

function thread(): CheckingThread {
  const made = new CheckingThread({ budgetMs: 500 });
  open.push(made);
  return made;
}

const never = (): boolean => {
  throw new Error('matched here, not in the thread');
};
// The SDK's expression for it backtracks past any test's time on a URI of 44 characters.
const COSTLY = `x://${'{+a}'.repeat(14)}!`;

describe('templatesMatching', () => {
  it('gives the indexes of the templates a URI matches, as the SDK matches them', () => {
    const templates = ['g://{id}', 'repo://{owner}/{repo}', 'file:///{+path}'];
    expect(templatesMatching(templates, 'repo://me/notes', never, thread())).toEqual([1]);
    expect(templatesMatching(templates, 'file:///a/b.txt', never, thread())).toEqual([2]);
    expect(templatesMatching(templates, 'other://x', never, thread())).toEqual([]);
  });

  it('refuses a match past the budget, and leaves that template out from then on', () => {
    const checking = thread();
    const uri = `x://${'a'.repeat(40)}`;
    expect(() => templatesMatching([COSTLY, 'x://{id}'], uri, never, checking)).toThrow(/took longer than 0.5 s/);
    // The costly one is not tried again; the other still matches, in a new thread.
    expect(templatesMatching([COSTLY, 'x://{id}'], uri, never, checking)).toEqual([1]);
  });

  it('matches in this thread where no thread can start', () => {
    const none = { budgetMs: 500, ask: () => undefined } as unknown as CheckingThread;
    expect(templatesMatching(['g://{id}', 'h://{id}'], 'h://1', (text) => text.startsWith('h'), none)).toEqual([1]);
  });
});
