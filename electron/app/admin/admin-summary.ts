import type { AgentView, ApiInput, ApiMethod, PendingApproval } from '../../../shared/api';
import { REDACTED, SECRET_NAME, redactor } from '../../../shared/redact';
import { revealHidden, shellQuote } from '../../../shared/text';
import { methodInWords, summarizeAction } from './admin-summary-more';
import { hideArgumentSecrets, hideSecrets, idleTime, isStdio, sameServer, type ServerConfig, type StdioServerConfig } from '../../../shared/config';
import { summarizeAddService, withoutSecretValues } from './add-service-summary';
import { agentAdded, agentChange, agentUnchanged, codeAgentAdded } from './agent-change-summary';
import { settingChangeWords } from './setting-change-words';
import { serverChange } from './server-change-summary';

/** Shown inputs longer than this (as JSON) are cut: a request cannot flood the log or the card. */
const MAX_SHOWN_CHARS = 16 * 1024;
const MAX_DEPTH = 24;
/** `${secret:NAME}` / `${env:NAME}` references are what a person must see: they name, never hold, a secret. */
const ONLY_REFERENCES = /^(?:[^$]|\$\{(?:secret|env):[A-Za-z0-9_.:/-]+\})*$/;
const HAS_REFERENCE = /\$\{(?:secret|env):/;

function shown(value: unknown, key: string | undefined, depth: number): unknown {
  if (typeof value === 'string') {
    const text = key === 'commandLine' ? hideSecrets(value) : value;
    if (HAS_REFERENCE.test(text) && ONLY_REFERENCES.test(text)) return text;
    if (key !== undefined && SECRET_NAME.test(key) && text.length > 0) return REDACTED;
    return redactor.redact(text);
  }
  if (depth >= MAX_DEPTH) return '[…]';
  // A server's arguments: `--token sk-…` is a secret the log's patterns do not know (`servers list` hides it too).
  if (key === 'args' && Array.isArray(value) && value.every((item) => typeof item === 'string')) return hideArgumentSecrets(value).map((item) => shown(item, undefined, depth + 1));
  if (Array.isArray(value)) return value.map((item) => shown(item, undefined, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = shown(v, k, depth + 1);
    return out;
  }
  return value;
}

/** Methods whose `value` is a secret's new value: never shown, never logged. */
function holdsSecret(method: ApiMethod): boolean {
  return method === 'setSecret' || method === 'setApiKey' || method === 'setStoreSecret';
}

/** A withdrawal's `claim` answers for its asker (as a bearer token does): never logged. */
const withoutClaim = (method: ApiMethod, input: unknown): unknown =>
  method === 'withdrawConfirmation' && input !== null && typeof input === 'object' && 'claim' in input ? { ...input, claim: REDACTED } : input;

/**
 * The input as people may see it (log, card): known secrets and secret-named values redacted, a
 * secret's new value never, references kept; cut when long.
 */
export function shownInput(method: ApiMethod, input: unknown): unknown {
  const value = holdsSecret(method) && input !== null && typeof input === 'object' ? { ...input, value: REDACTED } : method === 'addService' || method === 'installRegistryEntry' ? withoutSecretValues(input) : input;
  const clean = shown(withoutClaim(method, value), undefined, 0);
  const text = JSON.stringify(clean) ?? 'null';
  return text.length <= MAX_SHOWN_CHARS ? clean : { truncated: true, preview: text.slice(0, MAX_SHOWN_CHARS) };
}

/**
 * The input as the person confirming it sees it (the card of a change asked from the command line):
 * exactly what will run, but for a secret's new value (never shown) and values we hold (named, as
 * on an agent's approval: bridge/consent-view.ts). The log's patterns are not applied: a `cookie:`
 * pattern would hide the rest of a line that is then stored whole. Cut when long, and marked so.
 */
export function consentInput(method: ApiMethod, input: unknown): unknown {
  const value = holdsSecret(method) && input !== null && typeof input === 'object' ? { ...input, value: REDACTED } : method === 'addService' || method === 'installRegistryEntry' ? withoutSecretValues(input) : input;
  const clean: unknown = redactor.nameKnown(value);
  const text = JSON.stringify(clean) ?? 'null';
  return text.length <= MAX_SHOWN_CHARS ? clean : { truncated: true, preview: text.slice(0, MAX_SHOWN_CHARS) };
}

export interface SummaryContext {
  /** The waiting call a `decideApproval` is about, when still waiting. */
  approval?: PendingApproval;
  /** The command line a server runs, for `approveServer`. */
  commandLine?: string;
  /** `approveServer` of a URL server: its line says where its secrets go, not what runs. */
  sendsSecrets?: boolean;
  /** The agent an `updateAgent` changes, as it is: its line names only what changes. */
  agent?: AgentView;
  /** The entry an `updateServer` replaces, as it is: its line names only what changes. */
  server?: ServerConfig;
}

/**
 * A change that, given what it changes as it is, changes nothing: no admin line, as for an agents.json
 * edit that changed nothing. A server's entry equal as data reloads as no change: nothing restarts.
 */
export function changesNothing(method: ApiMethod, input: unknown, context: SummaryContext): boolean {
  if (method === 'updateServer') return context.server !== undefined && sameServer(context.server, (input as ApiInput<'updateServer'>).config);
  return method === 'updateAgent' && context.agent !== undefined && agentUnchanged(input as ApiInput<'updateAgent'>, context.agent);
}

const q = (text: string): string => `"${revealHidden(text)}"`;

/** The command as it will run: with the folder it runs in, which decides what a relative path names. */
const commandShown = (config: StdioServerConfig): string => `${config.cwd !== undefined && config.cwd !== '' ? `cd ${config.cwd} && ` : ''}${[config.command, ...hideArgumentSecrets(config.args ?? [])].map(shellQuote).join(' ')}`;

/** One line saying what the call does, for the log and the confirmation card (redacted). */
export function summarize(method: ApiMethod, input: unknown, context: SummaryContext = {}): string {
  const line = ((): string => {
    switch (method) {
      case 'addServer': {
        const { name, config } = input as ApiInput<'addServer'>;
        const what = isStdio(config) ? commandShown(config) : config.url;
        const env = isStdio(config) ? Object.keys(config.env ?? {}) : [];
        return `add the server ${q(name)}: ${what}${env.length > 0 ? ` (environment: ${env.join(', ')})` : ''}`;
      }
      case 'addService':
        return summarizeAddService(input as ApiInput<'addService'>);
      case 'updateServer': {
        const { name, config } = input as ApiInput<'updateServer'>;
        if (context.server !== undefined) return `change the server ${q(name)}: ${serverChange(context.server, config)}`;
        const what = isStdio(config) ? commandShown(config) : config.url;
        const env = isStdio(config) ? Object.keys(config.env ?? {}) : [];
        return `change the server ${q(name)} to: ${what}${env.length > 0 ? ` (environment: ${env.join(', ')})` : ''}`;
      }
      case 'approveServer': {
        const { name } = input as ApiInput<'approveServer'>;
        const what = context.sendsSecrets ? `where ${q(name)} sends its secrets` : `the command of ${q(name)}`;
        return `approve ${what}${context.commandLine ? `: ${hideSecrets(context.commandLine)}` : ''}`;
      }
      case 'approveSecretStore': {
        const { name, commandLine } = input as ApiInput<'approveSecretStore'>;
        const line = commandLine ?? context.commandLine;
        return `approve the command of the secret store ${q(name)}${line !== undefined ? `: ${hideSecrets(line)}` : ''}`;
      }
      case 'setServerEnabled': {
        const { name, enabled } = input as ApiInput<'setServerEnabled'>;
        return `${enabled ? 'enable' : 'disable'} the server ${q(name)}`;
      }
      case 'declareServers': {
        const { servers } = input as ApiInput<'declareServers'>;
        const each = Object.entries(servers).map(([name, config]) => `${q(name)}: ${isStdio(config) ? commandShown(config) : config.url}`);
        return `add servers declared in a program's code: ${each.join('; ') || 'none'}`;
      }
      case 'declareAgents': {
        const { agents } = input as ApiInput<'declareAgents'>;
        const each = Object.entries(agents).map(([name, agent]) => `${q(name)} with ${codeAgentAdded(agent)}`);
        return `add agents declared in a program's code: ${each.join('; ') || 'none'}`;
      }
      case 'forgetAgents':
        return `forget the agents declared in code: ${(input as ApiInput<'forgetAgents'>).names.map(q).join(', ') || 'none'}`;
      case 'forgetServers':
        return `forget the servers declared in code: ${(input as ApiInput<'forgetServers'>).names.map(q).join(', ') || 'none'}`;
      case 'removeServer':
        return `remove the server ${q((input as ApiInput<'removeServer'>).name)}`;
      case 'addAgent': {
        const { name, ...rest } = input as ApiInput<'addAgent'>;
        return `add the agent ${q(name)} with ${agentAdded(rest)}`;
      }
      case 'updateAgent': {
        const update = input as ApiInput<'updateAgent'>;
        return `change the agent ${q(update.name)}: ${agentChange(update, context.agent)}`;
      }
      case 'rotateAgent':
        return `give the agent ${q((input as ApiInput<'rotateAgent'>).name)} a new token (the old one stops working)`;
      case 'connectClient': {
        const { agent, client, token } = input as ApiInput<'connectClient'>;
        return `write the agent ${q(agent)} into ${client}'s user configuration${token === undefined ? ' (with a new token; the old one stops working)' : ''}`;
      }
      case 'disconnectClient': {
        const { agent, client } = input as ApiInput<'disconnectClient'>;
        return `remove the agent ${q(agent)} from ${client}'s user configuration`;
      }
      case 'removeAgent':
        return `remove the agent ${q((input as ApiInput<'removeAgent'>).name)}`;
      case 'decide': {
        const decide = input as ApiInput<'decide'>;
        if (decide.kind !== 'call') return `${decide.kind} ${decide.id}: ${JSON.stringify(decide.answer).slice(0, 200)}`;
        return summarize('decideApproval', { id: decide.id, ...decide.answer }, context);
      }
      case 'decideApproval': {
        const { id, decision, remember } = input as ApiInput<'decideApproval'>;
        const a = context.approval;
        const call = a ? `${q(a.agent)}'s call of ${q(a.tool)}${a.server === '' ? ' of Connected Services' : ` on ${q(a.server)}`}` : `the waiting call ${id}`;
        // The person confirming an allow from the command line reads why the call was held, as the app's card says.
        const held = a?.warning !== undefined ? ` (held because ${a.warning})` : '';
        return `${decision} ${call}${held}${decision === 'allow' && remember ? ', and from now on for this agent and tool' : ''}`;
      }
      case 'setSecret': {
        const { name, server } = input as ApiInput<'setSecret'>;
        return `store a new value for the secret ${q(name)}${server ? ` of ${q(server)}` : ''}`;
      }
      case 'revealSecret': {
        const { name, server } = input as ApiInput<'revealSecret'>;
        return `show the value of the secret ${q(name)}${server ? ` of ${q(server)}` : ''}`;
      }
      case 'setApiKey':
        return `store a new API key for ${q((input as ApiInput<'setApiKey'>).name)}`;
      case 'setStoreSecret': {
        const { store, path } = input as ApiInput<'setStoreSecret'>;
        return `store a new value at ${q(path)} in the secret store ${q(store)}`;
      }
      case 'deleteStoreSecret': {
        const { store, path } = input as ApiInput<'deleteStoreSecret'>;
        return `delete ${q(path)} from the secret store ${q(store)}`;
      }
      case 'deleteSecret': {
        const { name, server } = input as ApiInput<'deleteSecret'>;
        return `delete the secret ${q(name)}${server ? ` of ${q(server)}` : ''}`;
      }
      case 'callTool': {
        const { server, tool } = input as ApiInput<'callTool'>;
        return `call ${q(tool)} on ${q(server)} as you, past every agent's policy`;
      }
      case 'readResource': {
        const { server, uri } = input as ApiInput<'readResource'>;
        return `read the resource ${q(uri)} of ${q(server)} as you, past every agent's policy`;
      }
      case 'openApp': {
        const { server, tool } = input as ApiInput<'openApp'>;
        return `open the app of ${q(tool)} on ${q(server)}`;
      }
      case 'callAppTool': {
        const { tool } = input as ApiInput<'callAppTool'>;
        return `call ${q(tool)} for an app you opened`;
      }
      case 'getPrompt': {
        const { server, name } = input as ApiInput<'getPrompt'>;
        return `get the prompt ${q(name)} of ${q(server)} as you, past every agent's policy`;
      }
      case 'setBridgePaused':
        return (input as ApiInput<'setBridgePaused'>).paused ? 'pause the bridge' : 'resume the bridge (agents can call again)';
      case 'disconnect': {
        const { name, revoke, forgetIssuer } = input as ApiInput<'disconnect'>;
        const also = [revoke ? 'revoke its tokens' : '', forgetIssuer ? 'forget which authorization server its client secret belongs to (its next sign-in may send it to another one)' : ''].filter(Boolean);
        return `disconnect ${q(name)}${also.length > 0 ? `, ${also.join(', and ')}` : ''}`;
      }
      case 'importConfig':
        return `import servers from ${(input as ApiInput<'importConfig'>).source}`;
      case 'setInputRoundSettings': {
        return `change how agents answer services' questions: ${settingChangeWords(input as ApiInput<'setInputRoundSettings'>)}`;
      }
      case 'setSessionSettings': {
        return `change how services' sessions are kept alive: ${settingChangeWords(input as ApiInput<'setSessionSettings'>)}`;
      }
      case 'setWebUiSettings': {
        const idle = (input as ApiInput<'setWebUiSettings'>).uiSessionIdleMs;
        return `change how long a web UI tab stays signed in unused: ${idle === null ? 'the default' : idleTime(idle)}`;
      }
      default:
        return summarizeAction(method, input) ?? methodInWords(method);
    }
  })();
  return redactor.redact(line);
}
