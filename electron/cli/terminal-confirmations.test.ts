import { describe, expect, it } from 'vitest';
import type { ApiEventPayload, Confirmation } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { confirmAtTerminal } from './terminal-confirmations';

function confirmation(id: string, summary: string): Confirmation {
  return { id, method: 'addAgent', summary, input: { name: 'x\u202Ey' }, from: 'cli', pid: 9, requestedAt: 0, expiresAt: 1 };
}

describe('serve --confirm-at-terminal', () => {
  it('asks at the terminal one request at a time, deciding each as the person there', async () => {
    let deliver: (c: ApiEventPayload<'confirmationPending'>) => void = () => undefined;
    const lines: string[] = [];
    const decided: Array<[string, string]> = [];
    const answers = [true, false, true];
    const questions: string[] = [];
    const stop = confirmAtTerminal({
      on: ((_event: 'confirmationPending', listener: (c: Confirmation) => void) => {
        deliver = listener;
        return () => undefined;
      }) as never,
      ask: (question) => {
        questions.push(question);
        return Promise.resolve(answers.shift() ?? false);
      },
      decide: (id, decision) => {
        decided.push([id, decision]);
        if (id === 'c-3') return Promise.reject(new CodedError('not_found', 'No change c-3 is waiting for confirmation'));
        return Promise.resolve({ outcome: decision === 'confirm' ? 'confirmed' : 'refused' });
      },
      write: (line) => lines.push(line),
    });
    deliver(confirmation('c-1', 'add the agent "a"'));
    deliver(confirmation('c-2', 'add the agent "b"'));
    deliver(confirmation('c-3', 'add the agent "c"'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(questions).toEqual(['Confirm c-1?', 'Confirm c-2?', 'Confirm c-3?']);
    expect(decided).toEqual([
      ['c-1', 'confirm'],
      ['c-2', 'refuse'],
      ['c-3', 'confirm'],
    ]);
    const text = lines.join('\n');
    expect(text).toContain('the command line (pid 9, as it says)');
    expect(text).toContain('add the agent "a"');
    expect(text).not.toContain('\u202E');
    expect(text).toContain('c-1: confirmed');
    expect(text).toContain('c-2: refused');
    expect(text).toContain('c-3: No change c-3 is waiting for confirmation');
    stop();
  });

  it('a tool call confirmed here: its callId is this terminal\'s while it runs, and its result is shown', async () => {
    let deliver: (c: ApiEventPayload<'confirmationPending'>) => void = () => undefined;
    const lines: string[] = [];
    const owned: string[] = [];
    const stop = confirmAtTerminal({
      on: ((_event: 'confirmationPending', listener: (c: Confirmation) => void) => {
        deliver = listener;
        return () => undefined;
      }) as never,
      ask: () => Promise.resolve(true),
      decide: () => {
        // While the call runs, its requests belong here.
        expect(owned).toEqual(['cli-1']);
        return Promise.resolve({ outcome: 'confirmed', result: { content: [{ type: 'text', text: 'done\u202E\r\nline two\tend\rover\u001b[2J' }] } });
      },
      write: (line) => lines.push(line),
      callConfirmed: (callId) => {
        owned.push(callId);
        return () => owned.splice(owned.indexOf(callId), 1);
      },
    });
    deliver({ id: 'c-9', method: 'callTool', summary: 'call', input: { server: 's', tool: 't', arguments: {}, callId: 'cli-1' }, from: 'cli', requestedAt: 0, expiresAt: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(owned).toEqual([]);
    const text = lines.join('\n');
    expect(text).toContain('c-9: confirmed');
    // A result's lines are lines (not \u000a), indented under the outcome; what a terminal acts on is shown.
    expect(lines.at(-1)).toBe('  done\\u202e\n  line two\tend\\u000dover\\u001b[2J');
    stop();
  });

  it('shows the token a confirmed change issued, once, to the person who confirmed it here; a refused one shows none', async () => {
    let deliver: (c: ApiEventPayload<'confirmationPending'>) => void = () => undefined;
    const lines: string[] = [];
    const answers = [true, true, false];
    const stop = confirmAtTerminal({
      on: ((_event: 'confirmationPending', listener: (c: Confirmation) => void) => {
        deliver = listener;
        return () => undefined;
      }) as never,
      ask: () => Promise.resolve(answers.shift() ?? false),
      decide: (id, decision) =>
        Promise.resolve(decision === 'confirm' ? { outcome: 'confirmed', result: { token: `cs_token-of-${id}`, ...(id === 'c-2' ? { plan: {} } : {}) } } : { outcome: 'refused' }),
      write: (line) => lines.push(line),
    });
    deliver({ id: 'c-1', method: 'addAgent', summary: 'add the agent "claude"', input: { name: 'claude', servers: ['*'] }, from: 'cli', requestedAt: 0, expiresAt: 1 });
    deliver({ id: 'c-2', method: 'connectClient', summary: 'connect "vs" to vscode', input: { agent: 'vs', client: 'vscode' }, from: 'cli', requestedAt: 0, expiresAt: 1 });
    deliver({ id: 'c-3', method: 'rotateAgent', summary: 'rotate "claude"', input: { name: 'claude' }, from: 'cli', requestedAt: 0, expiresAt: 1 });
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lines).toContain("  The agent's token, shown only now: cs_token-of-c-1");
    expect(lines).toContain('  The token to paste when the client asks for it, shown only now: cs_token-of-c-2');
    expect(lines.join('\n')).not.toContain('cs_token-of-c-3');
    // The card's JSON keeps its lines (not \u000a), indented under the method.
    expect(lines).toContain('  addAgent {\n    "name": "claude",\n    "servers": [\n      "*"\n    ]\n  }');
    stop();
  });
});
