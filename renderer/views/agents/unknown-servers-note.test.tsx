// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentView } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

function agent(name: string, servers: AgentView['servers']): AgentView {
  return { name, servers, policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 };
}

function api(agents: AgentView[]) {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'github' }), serverStatus({ name: 'memory' })] }),
    listAgents: () => agents,
  });
}

// `agents list` and `doctor` say it too: a name kept on purpose, which may be a typo.
describe('an agent naming a service that is not set up', () => {
  it('is warned of on its card, with the name it likely meant', async () => {
    renderApp(api([agent('coder', ['githb', 'memory']), agent('far', ['jira'])]), { hash: '#/agents' });
    const typo = await screen.findByRole('note', { name: 'Unknown services of coder' });
    expect(typo.textContent).toContain('coder may use “githb”, but no service of that name is set up: it reaches it once one is added under that name.');
    expect(typo.textContent).toContain('Did you mean github?');
    expect(typo.textContent).not.toContain('memory');
    const far = screen.getByRole('note', { name: 'Unknown services of far' });
    expect(far.textContent).toContain('“jira”');
    expect(far.textContent).not.toContain('Did you mean');
  });

  it('says several unknown names in the plural, and sends an agent declared in code to its program', async () => {
    renderApp(api([{ ...agent('coded', ['githb', 'jira']), fromCode: true }]), { hash: '#/agents' });
    const note = await screen.findByRole('note', { name: 'Unknown services of coded' });
    expect(note.textContent).toContain('coded may use “githb”, “jira”, but no service by those names is set up: it reaches each once one is added under its name.');
    expect(note.textContent).toContain('Did you mean github? Change it in the program that declares it.');
  });

  it('is not warned of for every service ("*", kept as ["*"]) or for known ones', async () => {
    renderApp(api([agent('all', '*'), agent('stored', ['*']), agent('known', ['github']), agent('typo', ['memry'])]), { hash: '#/agents' });
    // Once the configured services are read (the typo is warned of), the others still are not.
    await screen.findByRole('note', { name: 'Unknown services of typo' });
    expect(screen.getAllByRole('note', { name: /^Unknown services of/ }).map((n) => n.getAttribute('aria-label'))).toEqual(['Unknown services of typo']);
  });
});
