import { describe, expect, it } from 'vitest';
import { NOTHING_FITS_BELOW, rankTools, SearchIndex, searchTools, type ToolDoc, words } from '.';

const tool = (server: string, name: string, description: string, properties: Record<string, string> = {}): ToolDoc => ({
  id: `${server}/${name}`,
  server,
  name,
  description,
  inputSchema: { type: 'object', properties: Object.fromEntries(Object.entries(properties).map(([k, d]) => [k, { type: 'string', description: d }])) },
});

const DOCS: ToolDoc[] = [
  tool('github', 'create_issue', 'Create a new issue in a GitHub repository', { title: 'issue title', body: 'issue body' }),
  tool('github', 'list_issues', 'List issues in a GitHub repository'),
  tool('github', 'search_code', 'Search for code across GitHub repositories'),
  tool('github', 'get_file_contents', 'Get the contents of a file from a GitHub repository'),
  tool('gitlab', 'create_issue', 'Create a new issue in a GitLab project'),
  tool('linear', 'linear_createIssue', 'Create a new issue in Linear'),
  tool('slack', 'slack_add_reaction', 'Add a reaction emoji to a message'),
  tool('filesystem', 'list_directory', 'Get a listing of all files and directories in a path'),
  tool('filesystem', 'move_file', 'Move or rename files and directories'),
  tool('memory', 'delete_entities', 'Delete entities from the knowledge graph'),
];
const index = new SearchIndex(DOCS);
const ids = (need: string, options: Partial<Parameters<typeof searchTools>[2]> = {}): string[] =>
  searchTools(index, need, { limit: 5, admit: () => true, ...options }).hits.map((h) => DOCS[h.doc]?.id ?? '');

describe('tool search', () => {
  it('splits names on _, -, . and camelCase, and drops words that name no need', () => {
    expect(words('linear_createIssue')).toEqual(['linear', 'create', 'issue']);
    expect(words('get-HTMLToText.v2')).toEqual(['get', 'html', 'text', 'v2']);
    expect(words('I want to find the pull requests')).toEqual(['find', 'pull', 'requests']);
  });

  it('finds by stems and synonyms, not only the tool’s own words', () => {
    expect(ids('give the message a thumbs up')[0]).toBe('slack/slack_add_reaction');
    expect(ids('rename a file')[0]).toBe('filesystem/move_file');
    expect(ids('list a folder')[0]).toBe('filesystem/list_directory');
    expect(ids('forget an entity')[0]).toBe('memory/delete_entities');
  });

  it('a need naming a service ranks that service’s tool first; otherwise one server does not take every place', () => {
    expect(ids('create an issue in GitLab')[0]).toBe('gitlab/create_issue');
    expect(ids('create an issue in Linear')[0]).toBe('linear/linear_createIssue');
    const anyIssue = ids('create an issue', { limit: 3 });
    expect(new Set(anyIssue.map((id) => id.split('/')[0])).size).toBe(3);
  });

  it('scores only what admit lets through', () => {
    const github = DOCS.map((d, i) => (d.server === 'github' ? i : -1)).filter((i) => i >= 0);
    const found = ids('create an issue', { admit: (doc) => !github.includes(doc) });
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((id) => id.startsWith('github/'))).toBe(false);
  });

  it('what was used before comes first among tools that match equally', () => {
    const gitlab = DOCS.findIndex((d) => d.id === 'gitlab/create_issue');
    const github = DOCS.findIndex((d) => d.id === 'github/create_issue');
    const before = ids('create issue', { limit: 2 });
    const favoured = before[0] === 'github/create_issue' ? gitlab : github;
    const after = ids('create issue', { limit: 2, used: (doc) => (doc === favoured ? { agent: 20, person: 5 } : { agent: 0, person: 0 }) });
    expect(after[0]).toBe(DOCS[favoured]?.id);
    // Use never brings in a tool the need does not match.
    expect(ids('create issue', { used: () => ({ agent: 100, person: 100 }) })).not.toContain('filesystem/list_directory');
  });

  it('says nothing fits for needs no tool meets, and for needs with no words', () => {
    expect(searchTools(index, 'order a large pepperoni pizza for delivery', { limit: 5, admit: () => true })).toEqual({ hits: [], nothingFits: true });
    expect(searchTools(index, 'the of and', { limit: 5, admit: () => true }).nothingFits).toBe(true);
    expect(searchTools(index, 'list the issues of the repository', { limit: 5, admit: () => true }).nothingFits).toBe(false);
  });

  it('ranks before the threshold (what a fused ranking measures): the same order, and the fit "nothing fits" is judged on', () => {
    const options = { limit: 5, admit: () => true };
    const ranked = rankTools(index, 'list the issues of the repository', options);
    expect(ranked.fit).toBeGreaterThanOrEqual(NOTHING_FITS_BELOW);
    expect(ranked.hits).toEqual(searchTools(index, 'list the issues of the repository', options).hits);
    // A need that shares a word with some tools, too little to be offered: ranked, with a fit below the threshold.
    const weak = rankTools(index, 'list the pizza toppings', options);
    expect(weak.hits.length).toBeGreaterThan(0);
    expect(weak.fit).toBeLessThan(NOTHING_FITS_BELOW);
    expect(searchTools(index, 'list the pizza toppings', options)).toEqual({ hits: [], nothingFits: true });
    expect(rankTools(index, 'the of and', options)).toEqual({ hits: [], fit: 0 });
  });
});
