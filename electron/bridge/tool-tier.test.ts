import { describe, expect, it } from 'vitest';
import { judgeTool } from './policy';
import { tierFromName, toolTier, wordsOf } from './tool-tier';

describe('toolTier', () => {
  it('never lets an annotation lower what the name says (annotations are untrusted hints)', () => {
    expect(toolTier({ name: 'delete_everything', annotations: { readOnlyHint: true } })).toBe('destructive');
    expect(toolTier({ name: 'send_message', annotations: { readOnlyHint: true } })).toBe('write');
    expect(toolTier({ name: 'list_and_delete_branches', annotations: { readOnlyHint: true } })).toBe('destructive');
    expect(toolTier({ name: 'drop_table', annotations: { destructiveHint: false } })).toBe('destructive');
    expect(toolTier({ name: 'drop_table', annotations: { readOnlyHint: false, destructiveHint: false } })).toBe('destructive');
  });

  it('lets an annotation raise the tier', () => {
    expect(toolTier({ name: 'get_thing', annotations: { destructiveHint: true } })).toBe('destructive');
    expect(toolTier({ name: 'get_thing', annotations: { readOnlyHint: false } })).toBe('write');
    expect(toolTier({ name: 'get_thing', annotations: { readOnlyHint: false, destructiveHint: true } })).toBe('destructive');
    expect(toolTier({ name: 'get_thing', annotations: { readOnlyHint: false, destructiveHint: false } })).toBe('write');
    expect(toolTier({ name: 'get_thing', annotations: { readOnlyHint: true, destructiveHint: true } })).toBe('destructive');
    expect(toolTier({ name: 'get_thing', annotations: { readOnlyHint: true } })).toBe('read');
  });

  it('takes the annotations for a name of no known verb, else write', () => {
    expect(toolTier({ name: 'weather', annotations: { readOnlyHint: true } })).toBe('read');
    expect(toolTier({ name: 'weather', annotations: { destructiveHint: true } })).toBe('destructive');
    expect(toolTier({ name: 'weather' })).toBe('write');
    expect(toolTier({ name: 'drop_table' })).toBe('destructive');
    expect(toolTier({ name: 'list_tables', annotations: { title: 'List' } })).toBe('read');
  });

  it('reads verbs in any naming style; the first word decides when it is a verb', () => {
    expect(wordsOf('createIssue')).toEqual(['create', 'issue']);
    expect(wordsOf('HTTPGetURL')).toEqual(['http', 'get', 'url']);
    expect(wordsOf('issues.create-comment')).toEqual(['issues', 'create', 'comment']);
    expect(tierFromName('get_deleted_items')).toBe('read');
    expect(tierFromName('searchRepositories')).toBe('read');
    expect(tierFromName('send_message')).toBe('write');
    expect(tierFromName('revokeToken')).toBe('destructive');
    expect(tierFromName('issues.delete')).toBe('destructive');
    expect(tierFromName('repo_update')).toBe('write');
    expect(tierFromName('weather')).toBe('write');
    expect(tierFromName('')).toBe('write');
  });

  it('judges each action of a name that joins several, and takes the most dangerous', () => {
    expect(tierFromName('search_and_replace')).toBe('write');
    expect(tierFromName('findAndReplace')).toBe('write');
    expect(tierFromName('get_or_create_user')).toBe('write');
    expect(tierFromName('list_and_delete_branches')).toBe('destructive');
    expect(tierFromName('fetch_then_purge_cache')).toBe('destructive');
    expect(tierFromName('read_and_summarize')).toBe('read');
  });

  it('does not take verbs that often change things for reads', () => {
    for (const name of ['open_pull_request', 'resolve_incident', 'check_in', 'download_file', 'load_fixture', 'export_to_drive']) {
      expect(tierFromName(name), name).not.toBe('read');
    }
  });
});

describe('judgeTool', () => {
  const agent = {
    servers: ['github', 'constructor'],
    policy: { read: 'allow', write: 'ask', destructive: 'deny' } as const,
    tools: { github: { delete_repo: 'ask' as const, create_issue: 'deny' as const } },
  };

  it('hides servers outside the allowlist and applies the tier policy', () => {
    expect(judgeTool(agent, 'slack', { name: 'list_channels' })).toBeUndefined();
    expect(judgeTool(agent, 'github', { name: 'list_issues' })).toEqual({ tier: 'read', decision: 'allow', overridden: false });
    expect(judgeTool(agent, 'github', { name: 'merge_pr' })?.decision).toBe('ask');
    expect(judgeTool(agent, 'github', { name: 'purge_cache' })?.decision).toBe('deny');
    expect(judgeTool({ ...agent, servers: ['*'] }, 'slack', { name: 'list_channels' })?.decision).toBe('allow');
  });

  it('lets per-tool overrides win, without reaching the prototype', () => {
    expect(judgeTool(agent, 'github', { name: 'delete_repo' })).toEqual({ tier: 'destructive', decision: 'ask', overridden: true });
    expect(judgeTool(agent, 'github', { name: 'create_issue' })?.decision).toBe('deny');
    // A server or tool literally named like an Object.prototype member.
    expect(judgeTool(agent, 'constructor', { name: 'name' })).toEqual({ tier: 'write', decision: 'ask', overridden: false });
    expect(judgeTool(agent, 'github', { name: 'toString' })?.overridden).toBe(false);
  });

  it('offers no agent a tool that runs only as a task, whatever its tier or override', () => {
    expect(judgeTool(agent, 'github', { name: 'list_issues', requiresTasks: true })).toBeUndefined();
    expect(judgeTool(agent, 'github', { name: 'delete_repo', requiresTasks: true })).toBeUndefined();
    expect(judgeTool({ ...agent, servers: ['*'] }, 'slack', { name: 'list_channels', requiresTasks: true })).toBeUndefined();
  });
});
