import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/server';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { CallAsker, CallProgress } from '../pool';
import { agentError, errorResult, redactedToolError, rpcError, type AgentError } from './agent-errors';
import type { Agent } from './agent-schema';
import { withoutSecrets } from './agent-result';
import type { CallContext } from './call-context';
import { callCancellation } from './tool-call-lane';
import { waitSignal } from './stopped-waiting';
import { passGate, type Extra, type Found } from './call-gate';
import { ARGUMENT_LIMITS, checkBounds, checkLength, MAX_CALL_NAME_LENGTH } from './input-bounds';
import { logOption } from './log-forwarding';
import { judgeTool } from './policy';
import { callResourceTool, isResourceTool } from './resource-tools';
import { listTools } from './agent-listings';
import { offersSearch } from './agent-tools';
import { callSearchTool, isSearchTool } from './search-call';
import { SEARCH_TOOL } from './search-tools';
import { lookupTool } from './tool-lookup';
import { unknownName } from './unknown-names';

type OnProgress = (p: CallProgress) => void;

/** `progressToken` of the agent's request → upstream onProgress → notifications/progress back to the agent. */
function progressRelay(request: CallToolRequest, extra: Extra): OnProgress | undefined {
  const progressToken = request.params._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  return (p) => {
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...withoutSecrets(p) } }).catch(() => undefined);
  };
}

/** In search mode tools/list holds only the search and call tools: the hint names the search too. */
function unknownToolHint(agent: Readonly<Agent> | undefined): string | undefined {
  return agent?.toolMode === 'search' || agent?.toolMode === 'auto' ? `find the tool with ${SEARCH_TOOL}, or list the tools you may use with tools/list` : undefined;
}

function unknownTool(name: string, agent: Readonly<Agent>): Found {
  return { error: unknownName('tool', name, unknownToolHint(agent)) };
}

/** Refusals of app-only tools, answered as JSON-RPC errors (the agent asked for what it may not call). */
const appOnlyRefusals = new WeakSet<AgentError>();

/**
 * SEP-1865 (MCP Apps, 2026-01-26) §Resource Discovery, Visibility: `"model"` is "visible to and
 * callable by the agent"; a tool whose visibility leaves it out is not listed for the model, and a
 * client that declared no MCP Apps hosts no app, so only its model can be calling it.
 */
function appOnlyRefusal(name: string, server: string): Found {
  const error = agentError(
    new CodedError('denied', redact(`tool "${name}" may only be called by an MCP App of "${server}" (its _meta.ui.visibility leaves out "model"), and your client declared no MCP Apps support`), {
      hint: 'call the tools tools/list gives you; a client hosting MCP Apps declares the extension "io.modelcontextprotocol/ui" in its capabilities and calls this tool from the app',
    }),
    server,
  );
  appOnlyRefusals.add(error);
  return { error, denied: true };
}

/**
 * A tool its server lets be called only as a task (MCP 2025-11-25 §tasks): the bridge forwards no
 * task-augmented call, so a plain one would fail upstream with words that do not help the model.
 */
function needsTasks(name: string, server: string): Found {
  return {
    error: agentError(
      new CodedError('denied', redact(`tool "${name}" can only be run as an MCP task (its server marks it execution.taskSupport "required"), and this bridge does not forward tasks`), {
        hint: 'use another tool; this one is not offered through the bridge',
      }),
      server,
    ),
  };
}

/** The tool behind a bridge name and the agent's verdict on it; tools of servers it may not use do not exist for it. */
async function findTool(ctx: CallContext, agent: Readonly<Agent>, name: string, hostsApps: boolean): Promise<Found> {
  const found = await lookupTool(ctx, agent, name);
  if (found && 'error' in found) return found;
  if (found?.entry.info.requiresTasks === true) return needsTasks(name, found.entry.server);
  const verdict = found && judgeTool(agent, found.entry.server, found.entry.info, found.entry.tier);
  if (!found || !verdict) return unknownTool(name, agent);
  const app = found.entry.info.app;
  if (!hostsApps && app !== undefined && !app.visibility.includes('model')) return appOnlyRefusal(name, found.entry.server);
  return { target: { server: found.entry.server, name: found.entry.info.name, tier: verdict.tier, decision: verdict.decision, rule: verdict.overridden } };
}

/**
 * tools/call: which tool, then the gate; the pool starts the server lazily, times out, cancels on the
 * agent's abort. `hostsApps`: the client declared MCP Apps, so tool search may offer app-only tools
 * and its app may call them; a client that did not is refused them (appOnlyRefusal).
 */
export async function callTool(ctx: CallContext, agentName: string, request: CallToolRequest, extra: Extra, asker?: CallAsker, hostsApps = false): Promise<CallToolResult> {
  const name = request.params.name;
  const args = request.params.arguments ?? {};
  // Our own tools for tools-only clients come first: no server's tool is shown under their names to this agent.
  const agent = ctx.agents.peek(agentName);
  if (agent !== undefined && isResourceTool(agent, name)) return callResourceTool(ctx, agent, name, args, extra, asker);
  // Search mode's tools; a call tool's call is this function again, with the real tool's name and arguments.
  // A search-mode agent's call tools are taken whatever the listing held when it was made (a server
  // still starting lists no tier yet): a denied tool through any of them is answered as a direct call.
  if (agent !== undefined && isSearchTool(name) && (agent.toolMode !== undefined || offersSearch(await listTools(ctx, agent.name, true)))) {
    const direct = (real: string, realArgs: Record<string, unknown>): Promise<CallToolResult> =>
      callTool(ctx, agentName, { ...request, params: { ...request.params, name: real, arguments: realArgs } }, extra, asker, hostsApps);
    return callSearchTool(ctx, agent, name, args, direct, hostsApps, () => waitSignal(callCancellation(extra), extra));
  }
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: 'tool',
      asked: name,
      args,
      check: () => checkLength(name, 'the tool name', MAX_CALL_NAME_LENGTH) ?? checkBounds(args, 'arguments', ARGUMENT_LIMITS),
      find: (agent) => findTool(ctx, agent, name, hostsApps),
      unknown: () => unknownName('tool', name, unknownToolHint(agent)),
      run: (target, cancel) => {
        const onProgress = progressRelay(request, extra);
        // The server's requests during the call go back to this agent (server-asks.ts).
        // Its log messages, where its request asked for them (2026-07-28 `_meta`), go back on its own stream.
        return ctx.pool.callTool(target.server, target.name, args, { signal: cancel, ...(onProgress ? { onProgress } : {}), ...(asker ? { asker } : {}), ...logOption(target.server, extra) });
      },
      failed: (value) => value.isError === true,
      ...(asker ? { asker } : {}),
    },
    callCancellation(extra),
    extra,
  );
  if (result.ok) return (result.value.isError === true ? redactedToolError(result.value) : withoutSecrets(result.value)) as CallToolResult;
  // Protocol errors (MCP server/tools "Error Handling"): unknown tools and invalid arguments; the rest is a result the model reads.
  if (result.step === 'input' || (result.step === 'lookup' && result.error.code === 'not_found')) throw rpcError(result.error, -32602);
  if (appOnlyRefusals.has(result.error)) throw rpcError(result.error);
  return errorResult(result.error);
}
