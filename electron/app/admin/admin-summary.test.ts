import { describe, expect, it } from 'vitest';
import type { ApiMethod } from '../../../shared/api';
import { shownInput, summarize } from './admin-summary';
import { methodInWords } from './admin-summary-more';
import { METHOD_POWERS } from '../door/method-powers';

describe('the change log in words', () => {
  it('says what connecting, stopping and answering did, never the raw method and JSON', () => {
    expect(summarize('connect', { name: 'filesystem' })).toBe('connect "filesystem"');
    expect(summarize('connect', { name: 'gh', flow: 'device', retry: true })).toBe('start again the sign-in to "gh", signing in with a code');
    expect(summarize('cancelLogin', { name: 'gh' })).toBe('cancel the sign-in to "gh"');
    expect(summarize('stopServer', { name: 'memory' })).toBe('stop the server "memory"');
    expect(summarize('restartServer', { name: 'memory' })).toBe('restart the server "memory"');
    expect(summarize('answerAsk', { id: 'a-1', action: 'accept', content: { pin: '1234' } })).toBe("answer a server's question");
  });

  it('says which server and tools a review decides, and that an accept is of the definition shown', () => {
    const digest = `0123456789abcdef${'f'.repeat(48)}`;
    expect(
      summarize('reviewChanges', {
        name: 'notes',
        decisions: [
          { kind: 'tool', name: 'search', decision: 'accept', digest },
          { kind: 'prompt', name: 'greet', decision: 'accept' },
          { kind: 'resource', name: 'notes://keys', decision: 'refuse' },
          { kind: 'tool', name: 'upload', decision: 'forget' },
        ],
      }),
    ).toBe(
      'review the tools of "notes": accept the tool "search" as shown (digest 0123456789abcdef), the prompt "greet" as it is when you confirm; refuse the resource "notes://keys" (agents never see it); forget the refusal of the tool "upload" (listed again, it waits for review)',
    );
    expect(summarize('reviewChanges', { name: 'notes', decisions: [{ kind: 'tool', name: 'search', decision: 'dismiss' }] })).toBe(
      'review the tools of "notes": no longer show the tool "search" as removed by the server (listed again changed, it waits for review)',
    );
    expect(summarize('reviewChanges', { name: 'notes', acceptAll: true, resetForgotten: true })).toBe(
      'review the tools of "notes": accept everything that waits for review when you confirm, as it is then; let pinning.acceptNewTools approve its new tools again',
    );
    const many = Array.from({ length: 12 }, (_, i) => ({ kind: 'tool' as const, name: `t${i}`, decision: 'refuse' as const }));
    expect(summarize('reviewChanges', { name: 'notes', decisions: many })).toContain('the tool "t9", 2 more (agents never see it)');
  });

  it('writes no logged method of the App API (every one but the reads) as `name {json}`', () => {
    const logged = (Object.keys(METHOD_POWERS) as ApiMethod[]).filter((m) => METHOD_POWERS[m] !== 'read');
    expect(logged.length).toBeGreaterThan(30);
    for (const method of logged) {
      const line = summarize(method, { name: 'x', id: 'i', server: 's', tool: 't', uri: 'u', names: [], servers: method === 'declareServers' ? {} : '*', agents: {}, store: 'pass', path: 'p', kind: 'call', appId: 'app', agent: 'a', client: 'cursor', config: { url: 'https://example.test/mcp' } });
      expect(line, method).not.toMatch(/[{}]/);
      // A camelCase method name in the line is the App API speaking, not words.
      if (/[A-Z]/.test(method)) expect(line, method).not.toContain(method);
    }
  });

  it("says why a call was held when the person confirms allowing it (a value from the vault in its arguments)", () => {
    const approval = { id: 'p1', agent: 'claude', server: 'everything', kind: 'tool' as const, tool: 'echo', tier: 'read' as const, requestedAt: 0, expiresAt: 1 };
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    expect(summarize('decideApproval', { id: 'p1', decision: 'allow' }, { approval })).toBe('allow "claude"\'s call of "echo" on "everything"');
    expect(summarize('decideApproval', { id: 'p1', decision: 'allow' }, { approval: { ...approval, warning } })).toBe(`allow "claude"'s call of "echo" on "everything" (held because ${warning})`);
    // The bridge's own search_tools reaches no service: no empty `on ""`.
    const own = { ...approval, server: '', tool: 'search_tools', warning };
    expect(summarize('decideApproval', { id: 'p1', decision: 'allow' }, { approval: own })).toBe(`allow "claude"'s call of "search_tools" of Connected Services (held because ${warning})`);
  });

  it('puts a method without its own line in words', () => {
    expect(methodInWords('setBridgePaused')).toBe('set bridge paused');
  });

  it('shows the folder a command runs in, which decides what its relative paths name', () => {
    const servers = { rel: { command: './x.sh' }, rel2: { command: 'sh', args: ['x.sh'], cwd: '/home/me/prog' } };
    expect(summarize('declareServers', { servers })).toBe('add servers declared in a program\'s code: "rel": ./x.sh; "rel2": cd /home/me/prog && sh x.sh');
    expect(summarize('addServer', { name: 'rel2', config: servers.rel2 })).toBe('add the server "rel2": cd /home/me/prog && sh x.sh');
  });

  it('quotes an argument as a shell reads it, as the approval shows it: one argument with a space is not two', () => {
    const config = { command: 'does-not-exist-cmd', args: ['--flag', 'a b', "it's"] };
    expect(summarize('addServer', { name: 'broken', config })).toBe(`add the server "broken": does-not-exist-cmd --flag 'a b' 'it'\\''s'`);
    expect(summarize('addService', { name: 'broken', config })).toBe(`add the server "broken": does-not-exist-cmd --flag 'a b' 'it'\\''s', and connect it`);
  });

  it("hides a credential flag's value in a command, as `servers list` does, keeping the flag", () => {
    const config = { command: 'node', args: ['srv.js', '--token', 'plainClearValue-Zx81Kq', '--api-key=sk-live-abc123xyz'] };
    for (const line of [
      summarize('addServer', { name: 'code', config }),
      summarize('declareServers', { servers: { code: config } }),
      summarize('approveServer', { name: 'code' }, { commandLine: 'node srv.js --token plainClearValue-Zx81Kq' }),
      JSON.stringify(shownInput('addServer', { name: 'code', config })),
      JSON.stringify(shownInput('approveSecretStore', { name: 's', commandLine: 'pass-cli --password plainClearValue-Zx81Kq' })),
    ]) {
      expect(line).not.toContain('plainClearValue');
      expect(line).not.toContain('sk-live');
      expect(line).toMatch(/--token|--password/);
    }
    expect(shownInput('addServer', { name: 'code', config })).toEqual({ name: 'code', config: { command: 'node', args: ['srv.js', '--token', '[redacted]', '--api-key=[redacted]'] } });
  });
});
