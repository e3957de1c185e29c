import { describe, expect, it } from 'vitest';
import { agentServerChecks } from './agent-server-checks';

describe('doctor: servers an agent names that are not configured', () => {
  it('warns per agent, with the server a typo likely meant', () => {
    const checks = agentServerChecks(
      [
        { name: 'helper', servers: ['everything', 'everythng'] },
        { name: 'later', servers: ['github'] },
        { name: 'fine', servers: ['memory'] },
        { name: 'all', servers: '*' },
        // As agents.json stores --servers '*'.
        { name: 'every', servers: ['*'] },
      ],
      ['everything', 'memory'],
    );
    expect(checks).toEqual([
      {
        id: 'agent-servers:helper',
        title: 'Agent helper',
        status: 'warn',
        detail: 'it may use "everythng", but no server of that name is configured (it reaches one once added under that name)',
        fix: 'Did you mean everything? Then change the agent\'s list: `connected-services agents set "helper" --servers …`',
      },
      {
        id: 'agent-servers:later',
        title: 'Agent later',
        status: 'warn',
        detail: 'it may use "github", but no server of that name is configured (it reaches one once added under that name)',
        fix: 'Add a server under that name, or change the agent\'s list: `connected-services agents set "later" --servers …`',
      },
    ]);
  });

  it('names each unknown server and each likely name once; an agent declared in code is changed there', () => {
    const [check] = agentServerChecks([{ name: 'coded', servers: ['everythng', 'Everything', 'gone'], fromCode: true }], ['everything']);
    expect(check?.detail).toBe('it may use "everythng", "Everything", "gone", but no server by those names is configured (it reaches one once added under that name)');
    expect(check?.fix).toBe("Did you mean everything? Then change the agent's list where the program declares it (openConnectedServices)");
  });
});
