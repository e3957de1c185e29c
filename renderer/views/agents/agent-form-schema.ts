import type { FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import { AGENT_CLIENTS, agentNameAdvice, AGENT_LISTING_BOUND, CONFIG_TARGETS, MAX_CLIENT_PREFIX, NAME_CLIENTS, type AgentView, type ApiInput, type ConfigTarget, type PolicyDecision, type ToolModeView } from '../../../shared/api';
import { nameAdviceLine } from '../../lib';

export interface AgentFormData {
  name?: string;
  access?: 'all' | 'some';
  servers?: string[];
  read?: PolicyDecision;
  write?: PolicyDecision;
  destructive?: PolicyDecision;
  names?: 'prefixed' | 'plain';
  resourceTools?: boolean;
  toolMode?: ToolModeView;
  listFound?: boolean;
  /** A client (the CLI's `--for`), `other` for a prefix length, or (editing) `none`. */
  client?: string;
  /** With `other`: the client's prefix length. */
  prefix?: number;
}

/** The CLI's `--for` on `agents add`: the clients with a configuration, those whose prefix we know, or another's prefix length. */
const CLIENT_TITLES: Record<ConfigTarget, string> = Object.fromEntries(AGENT_CLIENTS.map((c) => [c.id, c.label])) as Record<ConfigTarget, string>;
const ADD_CLIENTS = [...new Set([...CONFIG_TARGETS, ...NAME_CLIENTS])];
// In the order Create lists them, so a client sits in one place on both forms.
const EDIT_CLIENTS = ADD_CLIENTS.filter((c) => NAME_CLIENTS.some((n) => n === c));

const DECISIONS: RJSFSchema[] = [
  { const: 'allow', title: 'Allow' },
  { const: 'ask', title: 'Ask me each time' },
  { const: 'deny', title: 'Deny' },
];

const AGENT_NAME: RJSFSchema = {
  type: 'string',
  title: 'Name',
  // Checked by checkAgentName, which says what is wrong with this name and offers one that would do.
  // The example is taken as typed: a long one (“Claude Code on my laptop”) left too little room for tool names.
  description: 'A short name, such as “claude” or “laptop”. Keep it short: its client puts it before every tool name.',
};

/** Create and edit share one schema: name, which servers, a decision per tier of tool, and its client. */
export function agentFormSchema(serverNames: readonly string[], editing = false): RJSFSchema {
  // Editing records only what names are made for, and may forget it (`agents set --for none`).
  const clients = editing ? EDIT_CLIENTS : ADD_CLIENTS;
  const clientChoices: { const: string; title: string }[] = [
    ...clients.map((c) => ({ const: c, title: CLIENT_TITLES[c] })),
    { const: 'other', title: 'Another client: its prefix length' },
    ...(editing ? [{ const: 'none', title: 'No client in particular (names within 64 characters)' }] : []),
  ];
  const accessChoices: RJSFSchema[] = [{ const: 'all', title: 'All services, including ones added later' }];
  const branches: RJSFSchema[] = [{ properties: { access: { const: 'all' } } }];
  if (serverNames.length > 0) {
    accessChoices.push({ const: 'some', title: 'Only the services I choose' });
    branches.push({
      properties: {
        access: { const: 'some' },
        servers: chosenServers(serverNames),
      },
      required: ['servers'],
    });
  }
  return {
    type: 'object',
    required: ['name', 'access', 'read', 'write', 'destructive'],
    properties: {
      name: AGENT_NAME,
      access: { type: 'string', title: 'Services it may use', oneOf: accessChoices, default: 'all' },
      read: { type: 'string', title: 'Read-only tools', oneOf: DECISIONS, default: 'allow' },
      write: { type: 'string', title: 'Tools that write', oneOf: DECISIONS, default: 'ask' },
      destructive: { type: 'string', title: 'Destructive tools', oneOf: DECISIONS, default: 'ask' },
      names: {
        type: 'string',
        title: 'Tool names it sees',
        oneOf: [
          { const: 'prefixed', title: 'Service and tool, e.g. github__create_issue (always unique)' },
          { const: 'plain', title: 'The tool’s own, e.g. create_issue (the service is added only where two share a name)' },
        ],
        default: 'prefixed',
      },
      resourceTools: {
        type: 'boolean',
        title: 'Resources and prompts as tools',
        description:
          'For clients that use tools only: adds list_resources, read_resource and get_prompt to its tools. Each read is allowed, asked or denied as its read-only tools are.',
        default: false,
      },
      toolMode: {
        type: 'string',
        title: 'Tools it lists',
        oneOf: [
          { const: 'all', title: `Every tool it may call (a service listing past ${AGENT_LISTING_BOUND} is searched instead)` },
          { const: 'search', title: 'A search and call tools: it finds its tools by searching (best with many services)' },
          { const: 'auto', title: 'Every tool while they are few, a search once they are many' },
        ],
        default: 'all',
      },
      listFound: {
        type: 'boolean',
        title: 'Add the tools it finds to its list',
        description:
          'While it searches: the tools a search finds join its list (the newest 16), and its client is told to refresh. Its client’s own per-tool permissions then see each tool’s real name, but every turn carries more tool definitions.',
        default: false,
      },
      client: {
        type: 'string',
        title: 'Its client',
        description: editing
          ? 'Tool names are made short enough for that client’s own prefix (model APIs take at most 64 characters).'
          : 'You get its configuration to paste next, and tool names are made short enough for its own prefix (model APIs take at most 64 characters).',
        oneOf: clientChoices,
        default: editing ? 'none' : 'claude-code',
      },
    },
    dependencies: {
      access: { oneOf: branches },
      client: {
        oneOf: [
          { properties: { client: { enum: clientChoices.map((c) => c.const).filter((c) => c !== 'other') } } },
          {
            properties: {
              client: { const: 'other' },
              prefix: {
                type: 'integer',
                title: 'Its prefix length',
                description: `How many characters the client puts before each tool’s name (0-${MAX_CLIENT_PREFIX}); its configuration is much like Claude Code’s.`,
                minimum: 0,
                maximum: MAX_CLIENT_PREFIX,
                default: 0,
              },
            },
            required: ['prefix'],
          },
        ],
      },
    },
  };
}

export function agentUiSchema(editing: boolean): UiSchema<AgentFormData> {
  return {
    'ui:order': ['name', 'client', 'prefix', 'access', 'servers', 'read', 'write', 'destructive', 'names', 'resourceTools', 'toolMode', 'listFound'],
    name: editing ? { 'ui:readonly': true } : { 'ui:autocomplete': 'off' },
    access: { 'ui:widget': 'radio' },
    servers: { 'ui:widget': 'checkboxes' },
    names: { 'ui:widget': 'radio' },
    toolMode: { 'ui:widget': 'radio' },
  };
}

export function agentFormData(agent: AgentView): AgentFormData {
  return {
    name: agent.name,
    access: agent.servers === '*' ? 'all' : 'some',
    ...(agent.servers === '*' ? {} : { servers: agent.servers }),
    ...agent.policy,
    names: agent.names ?? 'prefixed',
    resourceTools: agent.resourceTools === true,
    toolMode: agent.toolMode ?? 'all',
    listFound: agent.listFound === true,
    client: agent.client === undefined ? 'none' : typeof agent.client === 'number' ? 'other' : agent.client,
    ...(typeof agent.client === 'number' ? { prefix: agent.client } : {}),
  };
}

/** The form's client as the App API takes it: undefined for none, a prefix length as its number. */
export function clientOf(data: AgentFormData): ApiInput<'addAgent'>['client'] {
  const value = data.client ?? 'none';
  if (value === 'other') return data.prefix ?? 0;
  return NAME_CLIENTS.find((c) => c === value);
}

/** The configuration to show once it is created, when its client has one; else the one the core assumes. */
export function targetOf(data: AgentFormData): ConfigTarget | undefined {
  return CONFIG_TARGETS.find((t) => t === data.client);
}

/** The form's values as addAgent / updateAgent take them. */
export function agentInput(data: AgentFormData): ApiInput<'addAgent'> {
  return {
    name: (data.name ?? '').trim(),
    servers: data.access === 'some' ? (data.servers ?? []) : '*',
    policy: { read: data.read ?? 'allow', write: data.write ?? 'ask', destructive: data.destructive ?? 'ask' },
    names: data.names ?? 'prefixed',
    resourceTools: data.resourceTools === true,
    toolMode: data.toolMode ?? 'all',
    listFound: data.listFound === true,
    ...(clientOf(data) !== undefined ? { client: clientOf(data) } : {}),
  };
}

/** A new agent's name, in the command line's words (letters a-z only, when it holds an accent), with a name that would do. */
export function checkAgentName(data: AgentFormData | undefined, errors: FormValidation<AgentFormData>): FormValidation<AgentFormData> {
  const name = data?.name?.trim();
  const advice = name === undefined || name === '' ? undefined : agentNameAdvice(name);
  if (advice !== undefined) errors.name?.addError(nameAdviceLine(advice));
  return errors;
}

/** The services ticked when access is "some": at least one, said in words rather than rjsf's "Give at least 1 item." */
function chosenServers(serverNames: readonly string[]): RJSFSchema {
  return {
    type: 'array',
    title: 'Services',
    items: { type: 'string', enum: [...serverNames] },
    uniqueItems: true,
    minItems: 1,
    errorMessage: 'Tick at least one service, or choose "All services, including ones added later".',
  };
}
