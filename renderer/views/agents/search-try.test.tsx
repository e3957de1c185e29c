// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const desk = { name: 'desk', servers: '*' as const, policy: { read: 'allow', write: 'ask', destructive: 'deny' } as const, tools: {}, createdAt: 0, toolMode: 'search' as const };

async function trySearch(need: string): Promise<HTMLElement> {
  const card = await screen.findByRole('listitem', { name: 'desk' });
  fireEvent.click(within(card).getByRole('button', { name: 'Try its search, for desk' }));
  const form = within(card).getByRole('search', { name: 'Try the search of desk' });
  fireEvent.change(within(form).getByRole('textbox', { name: "A need, in the agent's words" }), { target: { value: need } });
  fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
  return card;
}

describe('an agent’s search, tried from its card', () => {
  it('asks findAgentTools for the agent and the need, and lists what it finds by the names the agent calls them', async () => {
    const asked: Array<ApiInput<'findAgentTools'>> = [];
    const api = createFakeApi({
      listAgents: () => [desk],
      findAgentTools: (input) => {
        asked.push(input);
        return {
          tools: [
            { name: 'github__create_issue', server: 'github', tool: 'create_issue', title: 'Create issue', tier: 'write', approval: 'asked' },
            { name: 'github__search_issues', server: 'github', tool: 'search_issues', tier: 'read' },
          ],
          nothingFits: false,
          left: 2,
          services: [],
          searchesNow: true,
        };
      },
    });
    renderApp(api, { hash: '#/agents' });
    const card = await trySearch('  open an issue  ');
    const list = await within(card).findByRole('list', { name: 'Tools desk finds for open an issue' });
    expect(asked).toEqual([{ agent: 'desk', need: 'open an issue' }]);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['github__create_issue github/create_issue — Create issue write a call asks you', 'github__search_issues github/search_issues read-only']);
    expect(card.textContent).toContain('2 more found did not fit one answer');
    expect(card.textContent).not.toContain('so it does not search');
  });

  it('says whether an agent outside search mode searches now, as the answer tells', async () => {
    const said = 'desk lists its tools now (12 tools, about 3,100 tokens), so it does not search: tool mode auto searches once they pass 40 tools or about 12,000 tokens. This is what a search would find.';
    const api = createFakeApi({ listAgents: () => [{ ...desk, toolMode: 'auto' }], findAgentTools: () => ({ tools: [], nothingFits: true, left: 0, services: ['github'], searchesNow: false, listingNow: said }) });
    renderApp(api, { hash: '#/agents' });
    const card = await trySearch('open an issue');
    expect(await within(card).findByText(/Nothing fits/)).toBeTruthy();
    expect(within(card).getByText(said)).toBeTruthy();
  });

  it('says nothing fits, with the services it may search, and shows a refusal with its hint', async () => {
    let refuse = false;
    const api = createFakeApi({
      listAgents: () => [desk],
      findAgentTools: () => {
        if (refuse) throw Object.assign(new Error('No agent named "desk"'), { code: 'not_found', hint: 'See `connected-services agents list`' });
        return { tools: [], nothingFits: true, left: 0, services: ['github', 'linear'], searchesNow: true };
      },
    });
    renderApp(api, { hash: '#/agents' });
    const card = await trySearch('bake bread');
    expect(await within(card).findByText('Nothing fits “bake bread”: its search would say so. The services it may search: github, linear.')).toBeTruthy();
    refuse = true;
    fireEvent.click(within(card).getByRole('button', { name: 'Search' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('No agent named "desk"');
  });
});
