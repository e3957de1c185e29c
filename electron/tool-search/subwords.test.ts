import { describe, expect, it } from 'vitest';
import { EXPANSION, rankTools, SearchIndex, type ToolDoc } from '.';
import { queryTerms } from './search-index';
import { subwordTerms, type SubwordSettings } from './subwords';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

const DOCS: ToolDoc[] = [
  tool('browser', 'take_screenshot', 'Capture the page as an image'),
  tool('mongodb', 'logs', 'Recent log lines of the server'),
  tool('postgres', 'server_logs', 'Recent log lines of the database server'),
  tool('git', 'merge_pull', 'Merge a pull into the main line'),
  tool('git', 'open_request', 'Open a request for review'),
  tool('git', 'list_repositories', 'List the repositories of an account'),
  tool('kube', 'list_deployments', 'List deployments in a namespace'),
  ...Array.from({ length: 20 }, (_, i) => tool(`other${i}`, `do_thing_${i}`, `Does thing ${i} with a widget`)),
];
const index = new SearchIndex(DOCS);
const reached = (need: string, settings: SubwordSettings): string[] => subwordTerms(index, need, queryTerms(need), settings).terms.map((t) => t.term);

describe('subwords of a need against the index vocabulary', () => {
  it('joins two words whose compound is an index term, and says so', () => {
    expect(reached('take a screen shot', { join: 0.5 })).toEqual(['screenshot']);
    expect(subwordTerms(index, 'get Mongo DB logs', queryTerms('get Mongo DB logs'), { join: 0.5 }).joined).toEqual(['mongodb']);
    expect(reached('take a screen shot', {})).toEqual([]);
  });

  it('splits a word no tool has into two index terms', () => {
    expect(reached('open a pullrequest', { split: 0.5 }).sort()).toEqual(['pull', 'request']);
    // A word the index has is not split.
    expect(reached('list repositories', { split: 0.5 })).toEqual([]);
  });

  it('reaches index terms by prefix, the shorter at least `min` letters, and by shared character 3-grams', () => {
    expect(reached('the name of it', { prefix: { weight: 0.5, min: 4, terms: 1 } })).toEqual(['namespac']);
    expect(reached('the name of it', { prefix: { weight: 0.5, min: 5, terms: 1 } })).toEqual([]);
    expect(reached('list the deploys', { grams: { weight: 0.5, min: 0.5, terms: 1 } })).toEqual(['deploy']);
    // A term the need already asks is never lent again.
    expect(reached('list the deployments', { grams: { weight: 0.5, min: 0.5, terms: 1 } })).not.toContain('deploy');
  });

  it('a service named in two words counts as named, and "nothing fits" is judged as without subwords', () => {
    const order = (subwords?: SubwordSettings): string[] => rankTools(index, 'server logs from Mongo DB', { limit: 5, admit: () => true }, subwords === undefined ? EXPANSION : { ...EXPANSION, subwords }).hits.map((h) => DOCS[h.doc]?.id ?? '');
    expect(order()[0]).toBe('postgres/server_logs');
    expect(order({ join: 0.75 })[0]).toBe('mongodb/logs');
    const fit = (subwords?: SubwordSettings): number => rankTools(index, 'take a screen shot', { limit: 5, admit: () => true }, subwords === undefined ? EXPANSION : { ...EXPANSION, subwords }).fit;
    expect(fit({ join: 0.75, split: 0.5, prefix: { weight: 1, min: 4, terms: 2 }, grams: { weight: 1, min: 0.5, terms: 2 } })).toBe(fit());
  });
});
