import { describe, expect, it } from 'vitest';
import { EXPANSION, rankTools, SearchIndex, type ToolDoc } from '.';
import { queryTerms } from './search-index';
import { joinableGroups, nameKey, serviceNameTerms, servicesNamed } from './service-names';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

const DOCS: ToolDoc[] = [
  // `forge` first: on a tie the index's order decides, so only naming can put `github` ahead.
  tool('forge', 'create_branch', 'Create a branch'),
  tool('github', 'create_branch', 'Create a branch'),
  tool('PagerDuty', 'list_incidents', 'List incidents'),
  tool('brave-search', 'web_search', 'Search the web'),
  tool('sentry', 'find_issues', 'Find issues'),
  tool('line', 'push_message', 'Push a message'),
  tool('browser', 'take_screenshot', 'Capture the page as an image'),
  ...Array.from({ length: 20 }, (_, i) => tool(`other${i}`, `do_thing_${i}`, `Does thing ${i} with a widget`)),
];
const index = new SearchIndex(DOCS);
const named = (need: string): string[] => [...servicesNamed(index, need)].sort();

describe('service names written apart or joined', () => {
  it('names a server by its whole name however the need writes it', () => {
    for (const need of ['create a branch on git hub', 'create a branch on GitHub', 'create a branch on github', 'on Git-Hub', 'on git_hub']) expect(named(need), need).toEqual(['github']);
    // The reverse: a server whose own name is written in parts, named by the need's one word.
    for (const need of ['list pagerduty incidents', 'list Pager Duty incidents', 'list PagerDuty incidents']) expect(named(need), need).toEqual(['PagerDuty']);
    expect(named('search with BraveSearch')).toEqual(['brave-search']);
    expect(named('search with brave search')).toEqual(['brave-search']);
    // A name the stemmer changes ("sentry" → sentri) is still named by its letters.
    expect(named('find issues in Sentry')).toEqual(['sentry']);
  });

  it('never joins across unrelated words or inside a word', () => {
    // Something between the words: punctuation, another word (a stop word too), a line break.
    for (const need of ['use git, hub the rest', 'git the hub', 'push to git. Hub later', 'git\nhub', 'git  hub']) expect(named(need), need).toEqual([]);
    // A join is of whole words: "digit hub" holds the letters of github but does not name it; "git hubs" is not github.
    expect(named('the digit hub')).toEqual([]);
    expect(named('git hubs')).toEqual([]);
    // Words that join to an index term that is no server's name name nothing ("screen shot" → screenshot).
    expect(named('take a screen shot')).toEqual([]);
    // A short name is not joined to: two short words meet by chance.
    expect(named('draw a li ne')).toEqual([]);
  });

  it('groups words that may join, and keys names by their letters', () => {
    expect(joinableGroups('open a PR on GitHub, then Circle-CI')).toEqual([['open', 'a', 'pr', 'on', 'git', 'hub'], ['then', 'circle', 'ci']]);
    expect(nameKey('brave-search')).toBe('bravesearch');
    expect(nameKey('PagerDuty')).toBe('pagerduty');
  });

  it('reads a long need only so far', () => {
    const filler = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
    expect(named(`git hub ${filler}`)).toEqual(['github']);
    expect(named(`${filler} git hub`)).toEqual([]);
  });

  it('lends the named server name terms to the second pass, none the need asks, none at weight 0', () => {
    const need = 'create a branch on git hub';
    const lent = serviceNameTerms(servicesNamed(index, need), queryTerms(need), { weight: 0.5 });
    expect(lent.map((t) => [t.term, t.alternatives[0]?.[1]])).toEqual([['github', 0.5]]);
    expect(serviceNameTerms(servicesNamed(index, need), queryTerms(need), { weight: 0 })).toEqual([]);
    expect(serviceNameTerms(servicesNamed(index, 'search with brave search'), queryTerms('search with brave search'), { weight: 0.5 })).toEqual([]);
  });

  it('puts the named service first in the ranking only when on', () => {
    const first = (need: string, on: boolean): string | undefined => {
      const r = rankTools(index, need, { limit: 5, admit: () => true }, on ? { ...EXPANSION, serviceNames: { weight: 0 } } : EXPANSION);
      return DOCS[r.hits[0]?.doc ?? -1]?.id;
    };
    expect(first('create a branch on GitHub', true)).toBe('github/create_branch');
    expect(first('create a branch on GitHub', false)).toBe('forge/create_branch');
    expect(first('create a branch on git hub', true)).toBe('github/create_branch');
  });
});
