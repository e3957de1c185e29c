import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { DIAGNOSIS_HINT, endedError } from '../pool';
import { agentError, ERROR_META_KEY, errorResult, rpcError } from './agent-errors';
import { refuseWithheld } from './withheld-resources';

describe('agentError: what an agent learns of a failure', () => {
  const limited = new CodedError('rate_limited', '"api" is rate limiting requests (HTTP 429); retry after 60 s', {
    hint: 'wait 60 s, then retry',
    data: { status: 429, retryAfterMs: 60_000, stderr: 'never shown' },
  });

  it("passes a rate limit's wait on, in a tool result's _meta and in a JSON-RPC error's data, and no other data", () => {
    const error = agentError(limited, 'api');
    expect(error).toEqual({ code: 'rate_limited', message: limited.message, hint: 'Wait 60 s, then retry', server: 'api', retryAfterMs: 60_000 });
    expect(errorResult(error)._meta?.[ERROR_META_KEY]).toMatchObject({ retryAfterMs: 60_000 });
    expect(rpcError(error).data).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
  });

  it("does not point an agent at a server's output printed below, which only the person's command line prints", () => {
    const ended = new CodedError('server_unavailable', '"api" exited with code 1 while starting: Error: no key', {
      hint: "check the server's output below; run `connected-services doctor`",
      data: { stderr: 'Error: no key' },
    });
    const error = agentError(ended, 'api');
    expect(error.hint).toBe("Ask the person to check the server's output in Connected Services (`connected-services logs api`)");
    expect(JSON.stringify(error)).not.toContain('Error: no key\n');
  });

  // A dying server's last stderr line (paths, user names, a stack) reached the agent in the message.
  it("tells an agent how a server ended, not what it printed, which stays the person's", () => {
    const ended = endedError('evil', { exit: { code: 3, signal: null }, stderr: 'dying with secrets at /home/someone/path\n', byUs: false }, 'during tool "exit"');
    expect(ended.message).toBe('"evil" exited with code 3 during tool "exit": dying with secrets at /home/someone/path');
    const error = agentError(ended, 'evil');
    expect(error.message).toBe('"evil" exited with code 3 during tool "exit"');
    expect(error.hint).toBe("Ask the person to check the server's output in Connected Services (`connected-services logs evil`)");
    expect(JSON.stringify(errorResult(error))).not.toContain('/home/someone');
  });

  it('names no server for an error of our own tools (an empty name)', () => {
    expect(agentError(new CodedError('denied', 'x'), '')).not.toHaveProperty('server');
    expect(agentError(new CodedError('denied', 'x'), 'api')).toHaveProperty('server', 'api');
  });

  it('passes no wait that is not a rate limit or not a number', () => {
    expect(agentError(new CodedError('internal', 'x', { data: { retryAfterMs: 5 } }))).not.toHaveProperty('retryAfterMs');
    expect(agentError(new CodedError('rate_limited', 'x', { data: { retryAfterMs: '5' } }))).not.toHaveProperty('retryAfterMs');
    expect(agentError(new CodedError('rate_limited', 'x', { data: { retryAfterMs: -1 } }))).not.toHaveProperty('retryAfterMs');
    expect(agentError(new CodedError('rate_limited', 'x'))).not.toHaveProperty('retryAfterMs');
  });

  it("gives an agent the hint for its own fix where the error carries one, not the person's terminal command", () => {
    const rejected = new CodedError('invalid_input', '"evr" rejected the arguments of tool "echo": message: Required', {
      hint: 'check the arguments against the input schema (`connected-services tools evr --json` shows it)',
      data: { mcpCode: -32602, agentHint: "fix the arguments to fit the tool's input schema (tools/list or search_tools shows it), then call again" },
    });
    expect(agentError(rejected, 'evr').hint).toBe("Fix the arguments to fit the tool's input schema (tools/list or search_tools shows it), then call again");
    // Without one, a fix written for the person's terminal is still theirs.
    const approval = new CodedError('denied', 'waits for approval', { hint: 'run `connected-services servers approve evr`' });
    expect(agentError(approval, 'evr').hint).toBe('Ask the person to do this in Connected Services: run `connected-services servers approve evr`');
  });

  // An agent reads a hint in the form a person does: a sentence, whichever layer wrote it.
  it('words every hint as a sentence, the ones it writes itself too', () => {
    expect(agentError(new CodedError('auth_required', 'x'), 'mail').hint).toBe('The person must re-authorize "mail" in Connected Services; retry after that');
    expect(errorResult(agentError(limited))).toMatchObject({ content: [{ type: 'text', text: `rate_limited: ${limited.message}\nWhat to do: Wait 60 s, then retry` }] });
  });

  // Try-out: an agent was told to run `servers approve` itself for a server waiting for the person.
  it("turns a fix for the person's terminal into one the agent asks the person for", () => {
    const waiting = new CodedError('denied', '"forged" sends a secret and waits for your approval', { hint: 'Review it, then run `connected-services servers approve forged`' });
    expect(agentError(waiting, 'forged').hint).toBe('Ask the person to do this in Connected Services: Review it, then run `connected-services servers approve forged`');
    expect(agentError(new CodedError('not_found', 'no tool', { hint: 'call tools/list' })).hint).toBe('Call tools/list');
  });

  it("gives an agent the error's agent message when it has one, the person's message otherwise", () => {
    const waiting = new CodedError('denied', '"forged" sends a secret and waits for your approval: https://evil.example/mcp  # sends ${secret:A} in header X-A', {
      data: { server: 'forged', agentMessage: '"forged" waits for the person\'s approval' },
    });
    expect(agentError(waiting, 'forged').message).toBe('"forged" waits for the person\'s approval');
    expect(agentError(new CodedError('denied', 'plain', { data: { agentMessage: 5 } })).message).toBe('plain');
  });

  // A hostile server's flood was told to the agent as "ask the person to do this: its server is broken or hostile".
  it('passes on a hint that says what is wrong, without asking the person to "do" it', async () => {
    const flood = new CodedError('server_unavailable', '"stray" sent messages that answer no request; it was stopped', {
      hint: 'its server is broken or hostile; once it is fixed, start it again with `connected-services connect stray`',
      data: { flood: 'messages', ...DIAGNOSIS_HINT },
    });
    expect(agentError(flood, 'stray').hint).toBe('Tell the person: its server is broken or hostile; once it is fixed, start it again with `connected-services connect stray`');
    const refused = await refuseWithheld(() => Promise.resolve('refused'), ['files'], 'file:///x').catch((error: unknown) => error);
    expect(agentError(refused, 'files').hint).toMatch(/^Tell the person: it stays out unless "files"/);
    const held = await refuseWithheld(() => Promise.resolve('held'), ['files'], 'file:///x').catch((error: unknown) => error);
    expect(agentError(held, 'files').hint).toBe('Ask the person to do this in Connected Services: review it: `connected-services servers review files`, or Decisions in the app');
  });
});
