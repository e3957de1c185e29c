import { describe, expect, it } from 'vitest';
import type { ApiMethod } from '../../shared/api';
import { summarize } from '../../electron/app/admin/admin-summary';
import { pinSummary } from '../../electron/app/servers/pin-events';
import { serviceWords } from '../../renderer/views/activity/service-words';

// The core's one line per change says "server", as the command line does; Activity shows the same
// lines saying "service", as the screens do everywhere else. A name, a command or an address in a
// line stays as written.

const COMMAND = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', 'the server root'] };
const CASES: Array<[ApiMethod, unknown, string]> = [
  ['addServer', { name: 'files', config: COMMAND }, `add the service "files": npx -y @modelcontextprotocol/server-filesystem 'the server root'`],
  ['addService', { name: 'files', config: COMMAND, connect: false }, `add the service "files": npx -y @modelcontextprotocol/server-filesystem 'the server root'`],
  ['updateServer', { name: 'files', config: { type: 'http', url: 'https://server.example/mcp' } }, 'change the service "files" to: https://server.example/mcp'],
  ['setServerEnabled', { name: 'files', enabled: false }, 'disable the service "files"'],
  ['setServerEnabled', { name: 'files', enabled: true }, 'enable the service "files"'],
  ['removeServer', { name: 'server' }, 'remove the service "server"'],
  ['stopServer', { name: 'files' }, 'stop the service "files"'],
  ['restartServer', { name: 'files' }, 'restart the service "files"'],
  ['declareServers', { servers: { mine: { command: 'server' } } }, `add services declared in a program's code: "mine": server`],
  ['forgetServers', { names: ['mine'] }, 'forget the services declared in code: "mine"'],
  ['importConfig', { source: 'claude-desktop' }, 'import services from claude-desktop'],
  ['answerAsk', { id: 'a-1', action: 'decline' }, "decline a service's question"],
  ['openAskUrl', { id: 'a-1' }, 'open the page a service asked you to visit'],
  ['addAgent', { name: 'laptop', servers: '*' }, 'add the agent "laptop" with every service'],
  ['addAgent', { name: 'laptop', servers: ['files', 'server'] }, 'add the agent "laptop" with services: files, server'],
  ['updateAgent', { name: 'laptop', servers: ['files'] }, 'change the agent "laptop": services → files'],
  ['declareAgents', { agents: { a: { servers: '*', tokenHash: 'h' }, b: { servers: ['files'], tokenHash: 'h' } } }, `add agents declared in a program's code: "a" with every service; "b" with services: files`],
  [
    'reviewChanges',
    { name: 'files', decisions: [{ kind: 'tool', name: 'read', decision: 'dismiss' }] },
    'review the tools of "files": no longer show the tool "read" as removed by the service (listed again changed, it waits for review)',
  ],
];

describe("the lines of Activity's Changes", () => {
  it.each(CASES)('say "service" for %s, where the command line says "server"', (method, input, shown) => {
    const line = summarize(method, input);
    expect(line).toMatch(/\bservers?\b/);
    expect(serviceWords(line)).toBe(shown);
  });

  it('say "service" for an edit named by what changes, the command as written', () => {
    const line = summarize('updateServer', { name: 'files', config: { ...COMMAND, command: 'mcp-server' } }, { server: COMMAND });
    expect(serviceWords(line)).toBe('change the service "files": command npx → mcp-server');
  });

  it('say "service" for an edit of agents.json and for a tool a service no longer lists', () => {
    expect(serviceWords(`agents.json was edited outside the app while no app ran: ${summarize('addAgent', { name: 'laptop', servers: '*' })}`)).toBe(
      'agents.json was edited outside the app while no app ran: add the agent "laptop" with every service',
    );
    const removed = pinSummary({ server: 'files', outcome: 'removed', tools: ['read'], prompts: [], resources: [], templates: [] });
    expect(serviceWords(removed)).toBe('files: tool read removed by the service');
    // A change that names what the agent's services were.
    const agent = { name: 'laptop', servers: ['files'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0 } as const;
    expect(serviceWords(summarize('updateAgent', { name: 'laptop', servers: '*' }, { agent: { ...agent, servers: ['files'] } }))).toBe('change the agent "laptop": services files → all');
  });

  it('leave a line without the core\'s words for a server as it is', () => {
    for (const line of ['connect "server"', 'call "the server x" on "server" as you, past every agent\'s policy', 'pause the bridge']) expect(serviceWords(line)).toBe(line);
  });
});
