// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_TARGETS, type AgentView, type ApiInput, type ConfigTarget } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const TOKEN = 'cs_agent_ONLY-ONCE-7f3a';
const ROTATED = 'cs_agent_ROTATED-91c2';

/** A core that answers agentConfig as the real one does in shape: the client asked for, else the one assumed. */
function setupApi() {
  const agents: AgentView[] = [];
  const api = createFakeApi({
    listAgents: () => [...agents],
    addAgent: (input: ApiInput<'addAgent'>) => {
      const agent: AgentView = {
        name: input.name,
        servers: input.servers ?? '*',
        policy: { read: 'allow', write: 'ask', destructive: 'ask' },
        tools: {},
        createdAt: Date.now(),
        ...(input.client !== undefined ? { client: input.client } : {}),
      };
      agents.push(agent);
      return { agent, token: TOKEN };
    },
    updateAgent: (input: ApiInput<'updateAgent'>) => agents.find((a) => a.name === input.name) as AgentView,
    rotateAgent: ({ name }) => ({ agent: agents.find((a) => a.name === name) as AgentView, token: ROTATED }),
    agentConfig: ({ name, for: given, token }) => {
      const client = agents.find((a) => a.name === name)?.client;
      const recorded = CONFIG_TARGETS.find((t) => t === client);
      const target: ConfigTarget = given ?? recorded ?? 'claude-code';
      return {
        text: `{ "${target}": { "Authorization": "Bearer ${token ?? '${CONNECTED_SERVICES_TOKEN}'}" } }`,
        for: target,
        ...(given === undefined ? { assumed: recorded !== undefined ? `${target}, the client its names are made for` : 'claude-code, as no client is recorded for it' } : {}),
        file: `the ${target} file — or let \`connected-services agents connect "${name}" --client ${target}\` write it there`,
        notes: [`names made for ${String(client)}`],
      };
    },
  });
  return { api, agents };
}

async function create(name: string, client: string, prefix?: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
  const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: name } });
  const select = within(dialog).getByLabelText<HTMLSelectElement>(/^Its client/);
  fireEvent.change(select, { target: { value: within(select).getByRole<HTMLOptionElement>('option', { name: client }).value } });
  if (prefix !== undefined) fireEvent.change(await within(dialog).findByLabelText(/^Its prefix length/), { target: { value: prefix } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
  return screen.findByRole('region', { name: `Token for ${name}` });
}

describe('setting up a client for an agent', () => {
  it('offers the clients of `agents add --for`, Claude Code first and chosen', async () => {
    const { api } = setupApi();
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const select = within(screen.getByRole('dialog', { name: 'Create an agent' })).getByLabelText<HTMLSelectElement>(/^Its client/);
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code', 'Windsurf', 'Gemini CLI', 'Codex', 'An ACP agent (Zed, …)', 'Another client: its prefix length']);
    expect(select.selectedOptions[0]?.textContent).toBe('Claude Code');
  });

  it('after Create agent: the chosen client’s configuration, the token hidden in it until revealed, a copy button per block', async () => {
    const { api } = setupApi();
    renderApp(api, { hash: '#/agents' });
    (await screen.findByRole('button', { name: 'Create agent' })).focus();
    const panel = await create('laptop', 'Cursor');
    // The token must be copied now: focus goes to it, not back to Create agent.
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(api.callsOf('addAgent')[0]).toMatchObject({ name: 'laptop', client: 'cursor' });
    const snippet = await within(panel).findByRole('group', { name: 'Cursor configuration for laptop' });
    expect(api.callsOf('agentConfig')).toEqual([{ name: 'laptop', for: 'cursor', token: TOKEN }]);
    // Hidden: neither in the token line nor in the configuration.
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(snippet.textContent).toBe('{ "cursor": { "Authorization": "Bearer ••••••••••••" } }');
    expect(panel.textContent).toContain('Cursor: the client you chose.');
    expect(panel.textContent).toContain('Edit access changes the client its tool names are made for');
    expect(within(panel).getByText('connected-services agents connect "laptop" --client cursor').tagName).toBe('CODE');
    expect(within(panel).getByRole('list', { name: 'Notes on the Cursor configuration' }).textContent).toBe('names made for cursor');
    expect(within(panel).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy Cursor configuration' })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Reveal' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Show token' }));
    await waitFor(() => expect(snippet.textContent).toContain(`Bearer ${TOKEN}`));
    fireEvent.click(within(panel).getByRole('button', { name: 'Hide' }));
    expect(snippet.textContent).not.toContain(TOKEN);

    // Another client's configuration, from the same core call.
    fireEvent.change(within(panel).getByLabelText('Configuration for'), { target: { value: 'vscode' } });
    const vscode = await within(panel).findByRole('group', { name: 'VS Code configuration for laptop' });
    expect(vscode.textContent).toBe('{ "vscode": { "Authorization": "Bearer ••••••••••••" } }');
    expect(panel.textContent).not.toContain('the client you chose');
    expect(api.callsOf('agentConfig').at(-1)).toEqual({ name: 'laptop', for: 'vscode', token: TOKEN });

    fireEvent.click(within(panel).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Token for laptop' })).toBeNull());
  });

  it('ACP is recorded as its client (names fit the agent behind it); another client’s prefix length is recorded, and its configuration is the one the core assumes', async () => {
    const { api } = setupApi();
    renderApp(api, { hash: '#/agents' });
    let panel = await create('zed', 'An ACP agent (Zed, …)');
    await within(panel).findByRole('group', { name: 'ACP configuration for zed' });
    expect(api.callsOf('addAgent')[0]).toMatchObject({ name: 'zed', client: 'acp' });
    expect(api.callsOf('agentConfig')[0]).toEqual({ name: 'zed', for: 'acp', token: TOKEN });
    fireEvent.click(within(panel).getByRole('button', { name: 'I have saved it' }));

    panel = await create('mine', 'Another client: its prefix length', '12');
    expect(api.callsOf('addAgent')[1]).toMatchObject({ name: 'mine', client: 12 });
    await within(panel).findByRole('group', { name: 'Claude Code configuration for mine' });
    expect(api.callsOf('agentConfig').at(-1)).toEqual({ name: 'mine', token: TOKEN });
    expect(panel.textContent).toContain('Assumed claude-code, as no client is recorded for it.');
  });

  it('later, from the card: the configuration without a token, saying so, and rotating shows it with a new one', async () => {
    const { api, agents } = setupApi();
    agents.push({ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), client: 'vscode' });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show configuration to paste for desk' }));
    const snippet = await within(card).findByRole('group', { name: 'VS Code configuration for desk' });
    expect(api.callsOf('agentConfig')).toEqual([{ name: 'desk' }]);
    expect(snippet.textContent).toContain('${CONNECTED_SERVICES_TOKEN}');
    expect(card.textContent).toContain('Assumed vscode, the client its names are made for.');
    const note = within(card).getByRole('note', { name: 'Token of desk' });
    expect(note.textContent).toContain('not the token');
    expect(note.textContent).toContain('rotate it to get a new one');

    fireEvent.click(within(note).getByRole('button', { name: 'Rotate the token of desk and show this configuration' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Rotate the token of desk' })).getByRole('button', { name: 'Rotate token' }));
    const panel = await screen.findByRole('region', { name: 'Token for desk' });
    await within(panel).findByRole('group', { name: 'VS Code configuration for desk' });
    expect(api.callsOf('agentConfig').at(-1)).toEqual({ name: 'desk', for: 'vscode', token: ROTATED });
    expect(document.body.textContent).not.toContain(ROTATED);
  });

  it("names its two ways to a client by what each does, in the command line's words", async () => {
    const { api, agents } = setupApi();
    agents.push({ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), client: 'vscode' });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    const buttons = within(card).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toContain('Connect desk to an installed client');
    expect(buttons).toContain('Show configuration to paste');
    expect(buttons.some((text) => /set up/i.test(text ?? ''))).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Show configuration to paste for desk' }));
    await within(card).findByRole('group', { name: 'VS Code configuration for desk' });
    expect(card.textContent).toContain('the same as connected-services agents config "desk" --for vscode prints');
  });

  // The command shown to paste was unquoted: `agents config Claude Code on my laptop` is four words to a shell.
  it('quotes the agent name in the command it shows, as the command line itself does', async () => {
    const { api, agents } = setupApi();
    agents.push({ name: 'my desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), client: 'vscode' });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'my desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show configuration to paste for my desk' }));
    await within(card).findByRole('group', { name: 'VS Code configuration for my desk' });
    expect(card.textContent).toContain('the same as connected-services agents config "my desk" --for vscode prints');
  });

  it('editing keeps another client’s prefix length, and may forget the client', async () => {
    const { api, agents } = setupApi();
    agents.push({ name: 'own', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: Date.now(), client: 12 });
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit access of own' }));
    const dialog = screen.getByRole('dialog', { name: 'Access of own' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>(/^Its client/);
    expect(select.selectedOptions[0]?.textContent).toBe('Another client: its prefix length');
    // ACP names like the agent behind it: a client its names can be made for, as when created.
    expect(within(select).queryByRole('option', { name: 'An ACP agent (Zed, …)' })).not.toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Its prefix length/).value).toBe('12');
    fireEvent.change(within(dialog).getByLabelText(/^Its prefix length/), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(api.callsOf('updateAgent')[0]).toMatchObject({ name: 'own', client: 20 }));

    fireEvent.click(await screen.findByRole('button', { name: 'Edit access of own' }));
    const again = screen.getByRole('dialog', { name: 'Access of own' });
    const client = within(again).getByLabelText<HTMLSelectElement>(/^Its client/);
    fireEvent.change(client, { target: { value: within(client).getByRole<HTMLOptionElement>('option', { name: /^No client in particular/ }).value } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(api.callsOf('updateAgent')[1]).toMatchObject({ name: 'own', client: null }));
  });
});
