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

  it('refuses a match past the budget, and leaves that template out once it is past it again', () => {
    const checking = thread();
    const uri = `x://${'a'.repeat(40)}`;
    expect(() => templatesMatching([COSTLY, 'x://{id}'], uri, never, checking)).toThrow(/took longer than 0.5 s; the machine may have been busy/);
    expect(() => templatesMatching([COSTLY, 'x://{id}'], uri, never, checking)).toThrow(/took longer than 0.5 s twice; that template is no longer matched/);
    // The costly one is not tried again; the other still matches, in a new thread.
    expect(templatesMatching([COSTLY, 'x://{id}'], uri, never, checking)).toEqual([1]);
  });

  it('asks again about a template after one timeout, and leaves it out after a second', () => {
    const asked: string[][] = [];
    const answers: Array<{ timedOut: number } | { answer: { matches: number[] } }> = [{ timedOut: 0 }, { answer: { matches: [] } }, { timedOut: 0 }];
    const slow = {
      budgetMs: 2_000,
      ask: (request: () => { templates: string[] }) => {
        asked.push(request().templates);
        return answers.shift();
      },
    } as unknown as CheckingThread;
    const templates = ['file:///{path}', 'g://{id}'];
    // Refused with its error, without claiming the template is left out.
    expect(() => templatesMatching(templates, 'file:///a', never, slow)).toThrow(/^matching the URI against a service's URI template took longer than 2 s; the machine may have been busy$/);
    // A sleeping laptop does not condemn it: the next match asks about it again.
    expect(templatesMatching(templates, 'file:///a', never, slow)).toEqual([]);
    expect(asked[1]).toEqual(templates);
    expect(() => templatesMatching(templates, 'file:///a', never, slow)).toThrow(/took longer than 2 s twice; that template is no longer matched/);
    expect(templatesMatching(templates, 'file:///a', (text) => text.startsWith('g'), { budgetMs: 2_000, ask: () => undefined } as unknown as CheckingThread)).toEqual([1]);
  });

  it('matches in this thread where no thread can start', () => {
    const none = { budgetMs: 500, ask: () => undefined } as unknown as CheckingThread;
    expect(templatesMatching(['g://{id}', 'h://{id}'], 'h://1', (text) => text.startsWith('h'), none)).toEqual([1]);
  });
});
