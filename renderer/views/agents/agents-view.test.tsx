// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentView, ApiInput } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus, type FakeHandlers } from '../../../test/support/renderer';

afterEach(cleanup);

/** True when the browser would ask "Leave site?" before a reload or a close. */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

const TOKEN = 'cs_agent_ONLY-ONCE-7f3a';

function agentsApi(overrides: FakeHandlers = {}) {
  const agents: AgentView[] = [];
  let paused = false;
  const api = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything' }), serverStatus({ name: 'memory' })] }),
    listAgents: () => [...agents],
    addAgent: (input: ApiInput<'addAgent'>) => {
      const agent: AgentView = {
        name: input.name,
        servers: input.servers ?? '*',
        policy: { read: input.policy?.read ?? 'allow', write: input.policy?.write ?? 'ask', destructive: input.policy?.destructive ?? 'ask' },
        tools: {},
        createdAt: Date.now(),
        asks: { elicitation: 'allow', sampling: 'ask', roots: 'allow' },
      };
      agents.push(agent);
      return { agent, token: TOKEN };
    },
    bridgeInfo: () => ({ running: true, paused, url: 'http://127.0.0.1:47821/mcp' }),
    setBridgePaused: (input: ApiInput<'setBridgePaused'>) => {
      paused = input.paused;
      return { running: true, paused, url: 'http://127.0.0.1:47821/mcp' };
    },
    listTools: () => [{ server: 'everything', name: 'echo', inputSchema: { type: 'object' } }],
    updateAgent: (input: ApiInput<'updateAgent'>) => {
      const agent = agents.find((a) => a.name === input.name) as AgentView;
      if (input.asks) agent.asks = { elicitation: input.asks.elicitation ?? agent.asks?.elicitation ?? 'allow', sampling: input.asks.sampling ?? agent.asks?.sampling ?? 'ask', roots: input.asks.roots ?? agent.asks?.roots ?? 'allow' };
      for (const rule of input.tools ?? []) {
        const rules = { ...(agent.tools[rule.server] ?? {}) };
        if (rule.decision === null) delete rules[rule.tool];
        else rules[rule.tool] = rule.decision;
        agent.tools = { ...agent.tools, [rule.server]: rules };
      }
      return agent;
    },
    rotateAgent: ({ name }) => ({ agent: agents.find((a) => a.name === name) as AgentView, token: 'cs_agent_ROTATED' }),
    agentConfig: ({ name, for: target, token }) => ({ text: `{"Authorization": "Bearer ${token ?? `<token of agent ${name}>`}"}`, for: target ?? 'claude-code', file: '.mcp.json' }),
    ...overrides,
  });
  return { api, agents };
}

describe('agents', () => {
  it('opens the Create dialog with a short, plain intro: what an agent is and what to choose', async () => {
    renderApp(agentsApi().api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const intro = within(screen.getByRole('dialog', { name: 'Create an agent' })).getByText(/^An agent is one AI app/);
    const text = intro.textContent ?? '';
    expect(text).toContain('such as Claude or Cursor');
    expect(text).toContain('you can change this later');
    // The asks routing (input, completions) is explained on the card, not here.
    expect(text).not.toMatch(/completions|asks back/);
    expect(text.length).toBeLessThan(220);
    expect(screen.getByText(/^A short name, such as “claude” or “laptop”\. Keep it short/)).toBeTruthy();
  });

  it('limits an agent to chosen services with a per-tier policy', async () => {
    const { api } = agentsApi();
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'ci' } });
    fireEvent.click(within(dialog).getByLabelText('Only the services I choose'));
    fireEvent.click(await within(dialog).findByLabelText('memory'));
    fireEvent.change(within(dialog).getByLabelText(/^Destructive tools/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(api.callsOf('addAgent')).toHaveLength(1));
    expect(api.callsOf('addAgent')[0]).toEqual({ name: 'ci', servers: ['memory'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, names: 'prefixed', resourceTools: false, toolMode: 'all', listFound: false, client: 'claude-code' });
  });

  it('creates an agent that sees plain names, and its card says which names keep their service', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'plain one', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), names: 'plain', keptPrefix: ['everything__echo', 'twin__echo'], lastUsedAt: Date.now(), protocol: '2025-11-25' });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'plain one' });
    expect(card.textContent).toContain('speaks MCP 2025-11-25');
    expect(card.textContent).toContain('each tool’s own — these keep their service because two of its services offer them: everything__echo, twin__echo');
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'coder' } });
    fireEvent.click(within(dialog).getByLabelText(/^The tool’s own/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(api.callsOf('addAgent')).toHaveLength(1));
    expect(api.callsOf('addAgent')[0]).toMatchObject({ name: 'coder', names: 'plain' });
  });

  it('offers resources and prompts as tools: its card says so, and the form turns it on and off', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), resourceTools: true });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    expect(card.textContent).toContain('offered (list_resources, read_resource, get_prompt)');
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'tools only' } });
    const box = within(dialog).getByLabelText(/^Resources and prompts as tools/);
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(api.callsOf('addAgent')).toHaveLength(1));
    expect(api.callsOf('addAgent')[0]).toMatchObject({ name: 'tools only', resourceTools: true });
  });

  it('sets the tool mode and the client, and its card says so', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'many', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), toolMode: 'search', listFound: true, client: 'claude-code' });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'many' });
    expect(card.textContent).toContain('a search and call tools');
    expect(card.textContent).toContain('Names made forclaude-code');
    expect(card.textContent).toContain('Tools it findsadded to its list');
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'searcher' } });
    fireEvent.click(within(dialog).getByLabelText(/^A search and call tools/));
    fireEvent.click(within(dialog).getByLabelText(/^Add the tools it finds/));
    const client = within(dialog).getByLabelText<HTMLSelectElement>(/^Its client/);
    fireEvent.change(client, { target: { value: within(client).getByRole<HTMLOptionElement>('option', { name: 'Codex' }).value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(api.callsOf('addAgent')).toHaveLength(1));
    expect(api.callsOf('addAgent')[0]).toMatchObject({ name: 'searcher', toolMode: 'search', listFound: true, client: 'codex' });
  });

  it('says that an all agent\u2019s services listing past 4 MiB are searched, and which ones now', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'wide', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), boundSearched: ['huge'] });
    agents.push({ name: 'narrow', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now() });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'wide' });
    expect(card.textContent).toContain('Tools it listsevery tool it may call (a service whose tools take more than 4 MiB to list is searched instead) — searched now: huge');
    const other = await screen.findByRole('listitem', { name: 'narrow' });
    expect(other.textContent).toContain('Tools it listsevery tool it may call (a service whose tools take more than 4 MiB to list is searched instead)Tools it finds');
  });

  it('says whether an auto agent lists its tools or searches now, with their count and size', async () => {
    const { api, agents } = agentsApi();
    const auto = { servers: '*' as const, policy: { read: 'allow', write: 'ask', destructive: 'ask' } as const, tools: {}, createdAt: Date.now(), toolMode: 'auto' as const };
    agents.push({ ...auto, name: 'few', autoListing: { searches: false, tools: 25, tokens: 5_033 } });
    agents.push({ ...auto, name: 'many', autoListing: { searches: true, tools: 1, tokens: 14_000 } });
    agents.push({ ...auto, name: 'unknown' });
    renderApp(api, { hash: '#/agents' });
    expect((await screen.findByRole('listitem', { name: 'few' })).textContent).toContain('Tools it listsall while few, a search once many — all now: its tools are few (25 tools, about 5,033 tokens)Tools it finds');
    expect((await screen.findByRole('listitem', { name: 'many' })).textContent).toContain('Tools it listsall while few, a search once many — a search now: its tools are many (1 tool, about 14,000 tokens)Tools it finds');
    expect((await screen.findByRole('listitem', { name: 'unknown' })).textContent).toContain('Tools it listsall while few, a search once manyTools it finds');
  });

  it('rotates a token after confirmation and shows only the new one, once', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'old', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: Date.now() });
    renderApp(api, { hash: '#/agents' });
    const rotate = await screen.findByRole('button', { name: 'Rotate token of old' });
    rotate.focus();
    fireEvent.click(rotate);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Rotate the token of old' })).getByRole('button', { name: 'Rotate token' }));
    const panel = await screen.findByRole('region', { name: 'Token for old' });
    // The token shown once, at the top of the page, takes the focus, as after Create agent; not Rotate token below.
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(screen.queryByText('cs_agent_ROTATED')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reveal' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Show token' }));
    expect(await within(panel).findByText('cs_agent_ROTATED')).toBeTruthy();
    act(() => api.emit('agentsChanged', {}));
    expect(screen.getByText('cs_agent_ROTATED')).toBeTruthy();
  });

  it('adds a per-tool rule for one of the agent\'s services, and removes it again', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'ci', servers: ['everything'], policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now() });
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add tool rule for ci' }));
    const form = screen.getByRole('form', { name: 'New tool rule for ci' });
    expect(within(form).getByRole('option', { name: 'everything' })).toBeTruthy();
    expect(within(form).queryByRole('option', { name: 'memory' })).toBeNull();
    const add = within(form).getByRole('button', { name: 'Add rule' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    // A name the service does not list is taken, saying so: a typo would make a rule that never applies.
    fireEvent.change(within(form).getByLabelText('Tool'), { target: { value: 'echoo' } });
    expect(within(form).getByRole('status').textContent).toBe('everything lists no tool named “echoo”: the rule applies only once it does.');
    fireEvent.change(within(form).getByLabelText('Tool'), { target: { value: 'echo' } });
    expect(within(form).queryByRole('status')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Decision'), { target: { value: 'deny' } });
    fireEvent.click(add);
    await waitFor(() => expect(api.callsOf('updateAgent')).toEqual([{ name: 'ci', tools: [{ server: 'everything', tool: 'echo', decision: 'deny' }] }]));
    const card = await screen.findByRole('listitem', { name: 'ci' });
    await within(card).findByText('everything/echo');
    // The decision in the words the form offered it.
    expect(card.textContent).toContain('everything/echo: never allow');
    expect(screen.queryByRole('form', { name: 'New tool rule for ci' })).toBeNull();
    // The form and its button are gone: focus goes back to what opened it.
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Add tool rule for ci' }));

    fireEvent.click(within(card).getByRole('button', { name: 'Remove the rule for everything/echo' }));
    await waitFor(() => expect(api.callsOf('updateAgent')[1]).toEqual({ name: 'ci', tools: [{ server: 'everything', tool: 'echo', decision: null }] }));
  });

  it('pauses every agent call and resumes, and follows a pause made elsewhere (tray, CLI)', async () => {
    const { api } = agentsApi();
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause all agent calls' }));
    await screen.findByText('paused: every agent call is refused');
    expect(api.callsOf('setBridgePaused')).toEqual([{ paused: true }]);
    fireEvent.click(screen.getByRole('button', { name: 'Resume agent calls' }));
    await waitFor(() => expect(screen.queryByText('paused: every agent call is refused')).toBeNull());

    act(() => api.emit('bridgeChanged', { running: true, paused: true, url: 'http://127.0.0.1:47821/mcp' }));
    expect(screen.getByRole('button', { name: 'Resume agent calls' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows where services\' requests go, and changes it with updateAgent', async () => {
    const { api, agents } = agentsApi();
    agents.push({ name: 'ci', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), asks: { elicitation: 'allow', sampling: 'ask', roots: 'allow' } });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'ci' });
    expect(within(card).getByText('to the agent when its client can, else to you')).toBeTruthy();
    expect(within(card).getByText('you approve each one')).toBeTruthy();

    const open = within(card).getByRole('button', { name: 'Change when services ask, for ci' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const form = within(card).getByRole('form', { name: 'When services ask, for ci' });
    const input = within(form).getByRole('group', { name: "When a service asks for input during this agent's calls" });
    const completion = within(form).getByRole('group', { name: "When a service asks for a completion from the agent's model" });
    expect(within(input).getByRole<HTMLInputElement>('radio', { name: /^Send it to the agent when its client can answer/ }).checked).toBe(true);
    expect(within(completion).getByRole<HTMLInputElement>('radio', { name: /^Ask me each time/ }).checked).toBe(true);
    fireEvent.click(within(input).getByRole('radio', { name: 'Always send it to me' }));
    fireEvent.click(within(completion).getByRole('radio', { name: 'Refuse' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsOf('updateAgent')).toEqual([{ name: 'ci', asks: { elicitation: 'deny', sampling: 'deny', roots: 'allow' } }]));
    await within(card).findByText('always to you');
    expect(within(card).getByText('refused')).toBeTruthy();
    expect(within(card).queryByRole('form', { name: 'When services ask, for ci' })).toBeNull();
    expect(document.activeElement).toBe(open);

    // Folders for a service whose entry names none: the agent's client's, or none.
    expect(within(card).getByText("the agent's client's, if it names any")).toBeTruthy();
    fireEvent.click(open);
    const again = within(card).getByRole('form', { name: 'When services ask, for ci' });
    const folders = within(again).getByRole('group', { name: 'When a service with no folders of its own asks which folders it may work in' });
    fireEvent.click(within(folders).getByRole('radio', { name: 'Give it none' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('updateAgent').at(-1)).toEqual({ name: 'ci', asks: { elicitation: 'deny', sampling: 'deny', roots: 'deny' } }));
  });

  it('keeps the settings form open with the error when saving fails (leaving the page asks first), and Escape closes it unsaved', async () => {
    const { api: failing, agents } = agentsApi({
      updateAgent: () => {
        throw new CodedError('invalid_config', 'agents.json changed on disk', { hint: 'Reload the screen and try again.' });
      },
    });
    agents.push({ name: 'ci', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now() });
    renderApp(failing, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'ci' });
    // Absent from an older core's view: the defaults.
    expect(within(card).getByText('you approve each one')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Change when services ask, for ci' }));
    const form = within(card).getByRole('form', { name: 'When services ask, for ci' });
    expect(leavingAsks()).toBe(false);
    fireEvent.click(within(form).getByRole('radio', { name: 'Refuse' }));
    expect(leavingAsks()).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('agents.json changed on disk');
    expect(alert.textContent).toContain('Reload the screen and try again.');
    expect(within(form).getByRole<HTMLInputElement>('radio', { name: 'Refuse' }).checked).toBe(true);
    expect(within(card).getByText('you approve each one')).toBeTruthy();

    fireEvent.keyDown(within(form).getByRole('radio', { name: 'Refuse' }), { key: 'Escape' });
    expect(within(card).queryByRole('form', { name: 'When services ask, for ci' })).toBeNull();
    expect(failing.callsOf('updateAgent')).toHaveLength(1);
    expect(leavingAsks()).toBe(false);
  });
});

// A screens review: creating a second agent replaced the first one's token panel before it was saved.
describe('tokens shown once for two agents made one after the other', () => {
  it('keeps each panel until its own "I have saved it"', async () => {
    const { api } = agentsApi();
    renderApp(api, { hash: '#/agents' });
    for (const name of ['first', 'second']) {
      fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
      const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: name } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
      await screen.findByRole('region', { name: `Token for ${name}` });
    }
    expect(screen.getAllByRole('region', { name: /^Token for / }).map((panel) => panel.getAttribute('aria-labelledby') !== null)).toEqual([true, true]);
    expect(screen.getByRole('region', { name: 'Token for first' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('region', { name: 'Token for second' })).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Token for second' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Token for first' })).toBeTruthy();
  });
});
