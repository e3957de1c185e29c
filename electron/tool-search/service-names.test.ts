import { describe, expect, it } from 'vitest';
import { EXPANSION, rankTools, SearchIndex, type ToolDoc } from '.';
import { queryTerms } from './search-index';
import { joinableGroups, nameKey, serviceNameTerms, servicesNamed } from './service-names';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

const DOCS: ToolDoc[] = [
  // `forge` and `finder` first: on a tie the index's order decides, so only naming can put another server ahead.
  tool('forge', 'create_branch', 'Create a branch'),
  tool('github', 'create_branch', 'Create a branch'),
  tool('finder', 'search_documents', 'Search documents'),
  tool('notes', 'create_entities', 'Create entities in the knowledge graph'),
  tool('PagerDuty', 'list_incidents', 'List incidents'),
  tool('brave-search', 'web_search', 'Search the web'),
  tool('sentry', 'find_issues', 'Find issues'),
  tool('line', 'push_message', 'Push a message'),
  tool('browser', 'take_screenshot', 'Capture the page as an image'),
  // Names the stemmer changes (memori, tavili, hevi, mondai), names with a common word inside, a name in parts.
  tool('memory', 'create_entities', 'Create entities in the knowledge graph'),
  tool('tavily', 'tavily_search', 'Search the web'),
  tool('hevy', 'get_workouts', 'List workouts'),
  tool('monday', 'create_item', 'Create an item on a board'),
  tool('elasticsearch', 'search_documents', 'Search documents'),
  tool('mapbox', 'directions', 'Directions between places'),
  tool('google-maps', 'maps_geocode', 'Geocode an address'),
  tool('linear', 'create_issue', 'Create an issue'),
  tool('firecrawl', 'firecrawl_scrape', 'Scrape a page'),
  tool('jira-cloud', 'move_issues_to_sprint', 'Move issues to a sprint'),
  tool('time', 'get_current_time', 'Get the current time in a time zone'),
  tool('fetch', 'fetch', 'Fetch a URL'),
  ...Array.from({ length: 20 }, (_, i) => tool(`other${i}`, `do_thing_${i}`, `Does thing ${i} with a widget${i < 3 ? ' one time at a time' : ''}`)),
];
const index = new SearchIndex(DOCS);
const named = (need: string, settings: { parts?: boolean; ordinary?: number } = {}): string[] => [...servicesNamed(index, need, settings)].sort();

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

  it('names a service the stemmer changes by its own name (memori, sentri, tavili, hevi, mondai)', () => {
    expect(named('store this in memory')).toEqual(['memory']);
    expect(named('find issues in Sentry')).toEqual(['sentry']);
    expect(named('look it up with Tavily')).toEqual(['tavily']);
    expect(named('my last workouts in Hevy')).toEqual(['hevy']);
    expect(named('add an item to the Monday board')).toEqual(['monday']);
    // Another form of the one word is the same word: both stemmed.
    expect(named('search my memories')).toEqual(['memory']);
  });

  it('never names a service by a word inside its name', () => {
    expect(named('search the documents')).toEqual([]);
    expect(named('show me the map')).toEqual([]);
    expect(named('push a line to the channel')).toEqual(['line']);
    expect(named('aw, crawl it')).toEqual([]);
    // With parts, a word of a name written in parts names it, still never a word inside a word.
    expect(named('search the documents', { parts: true })).toEqual(['brave-search']);
    expect(named('show me the maps', { parts: true })).toEqual(['google-maps']);
    expect(named('put these Jira issues into the sprint')).toEqual([]);
    expect(named('put these Jira issues into the sprint', { parts: true })).toEqual(['jira-cloud']);
    expect(named('aw, crawl it', { parts: true })).toEqual([]);
  });

  it('names a server whose name is a common word only when the need has the word', () => {
    expect(named('remember that Bob likes tea')).toEqual([]);
    expect(named('what is the current hour in Tokyo')).toEqual([]);
    expect(named('what time is it in Tokyo')).toEqual(['time']);
    expect(named('fetch this page')).toEqual(['fetch']);
    // `git` in an index of its own: beside `github` above, "git hub" would name it too.
    const gitIndex = new SearchIndex([tool('git', 'git_status', 'Show the working tree status'), tool('vcs', 'status', 'Show the status')]);
    expect([...servicesNamed(gitIndex, 'show the git status')]).toEqual(['git']);
    expect([...servicesNamed(gitIndex, 'show the working tree status')]).toEqual([]);
    // With `ordinary`, a word the tools of that many other servers use ("time": 3 servers besides `time`) names nothing.
    expect(named('what time is it in Tokyo', { ordinary: 3 })).toEqual([]);
    expect(named('what time is it in Tokyo', { ordinary: 4 })).toEqual(['time']);
  });

  it('as shipped, a common word or a word of many names names no service by itself; the rest of the name does', () => {
    const shipped = (at: SearchIndex, need: string): string[] => [...servicesNamed(at, need, EXPANSION.serviceNames)].sort();
    const parted = new SearchIndex([
      tool('brave-search', 'web_search', 'Search the web'),
      tool('sequential-thinking', 'sequentialthinking', 'Think a problem through in steps'),
      tool('google-maps', 'maps_geocode', 'Geocode an address'),
      tool('google-drive', 'list_files', 'List files'),
      tool('google-calendar', 'list_events', 'List events'),
      tool('jira-cloud', 'move_issues_to_sprint', 'Move issues to a sprint'),
    ]);
    // Common words: what kind of service, not which one.
    expect(shipped(parted, 'search the web for cats')).toEqual([]);
    expect(shipped(parted, 'think this through step by step')).toEqual([]);
    expect(shipped(parted, 'show it on a map')).toEqual([]);
    expect(shipped(parted, 'which cloud is it on')).toEqual([]);
    // A word of three servers' names (`google`) names none of them.
    expect(shipped(parted, 'ask google where it is')).toEqual([]);
    // The name's other words, or the name whole, still name it.
    expect(shipped(parted, 'search with Brave')).toEqual(['brave-search']);
    expect(shipped(parted, 'search with brave search')).toEqual(['brave-search']);
    expect(shipped(parted, 'use sequential thinking')).toEqual(['sequential-thinking']);
    expect(shipped(parted, 'move these Jira issues')).toEqual(['jira-cloud']);
    expect(shipped(parted, 'list my Google Drive files')).toEqual(['google-drive']);
    // Beside two servers only, `google` is no common word and names both.
    const two = new SearchIndex([tool('google-maps', 'maps_geocode', 'Geocode an address'), tool('google-drive', 'list_files', 'List files')]);
    expect(shipped(two, 'ask google where it is')).toEqual(['google-drive', 'google-maps']);
  });

  const first = (need: string): string | undefined => DOCS[rankTools(index, need, { limit: 5, admit: () => true }).hits[0]?.doc ?? -1]?.id;

  it('puts the named service first in the ranking', () => {
    expect(first('create a branch on GitHub')).toBe('github/create_branch');
    expect(first('create a branch on git hub')).toBe('github/create_branch');
    expect(first('create entities in memory')).toBe('memory/create_entities');
    expect(first('create entities')).toBe('notes/create_entities');
  });

  it('does not put first a service whose name only holds the word', () => {
    expect(first('search documents')).toBe('finder/search_documents');
    expect(first('search documents in elasticsearch')).toBe('elasticsearch/search_documents');
  });
});
