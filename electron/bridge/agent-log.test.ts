import { describe, expect, it } from 'vitest';
import { redact, redactor } from '../../shared/redact';
import { ManualTimers } from '../../test/support/manual-timers';
import { AGENT_LINES_PER_WINDOW, MAX_AGENT_TEXT, agentText, logForAgent, logProtocolError } from './agent-log';
import { AUDIT_WINDOW_MS } from './audit-windows';

describe('agentText', () => {
  it("keeps an agent's text on its one line, controls shown, and cut", () => {
    expect(agentText('2099-01-01\n[memory] stderr: forged\r\n\u001b[2Jx\ty')).toBe('2099-01-01\\n[memory] stderr: forged\\n\\u001b[2Jx\\ty');
    const long = agentText('v'.repeat(3_000_000));
    expect(long.length).toBeLessThanOrEqual(MAX_AGENT_TEXT + 1);
    expect(long.startsWith('vvv')).toBe(true);
  });

  it('hides a known value across the cut: cut first, the piece left was no longer found by the log', () => {
    const secret = 'agent-text-known-value-13579';
    redactor.addSecret(secret);
    try {
      const line = redact(agentText(`${'x'.repeat(MAX_AGENT_TEXT - 10)}${secret}`));
      expect(line).not.toContain(secret.slice(0, 9));
      expect(line.startsWith(`${'x'.repeat(MAX_AGENT_TEXT - 10)}[redacted`)).toBe(true);
    } finally {
      redactor.removeSecret(secret);
    }
  });
});

describe('logForAgent', () => {
  it("writes an agent's first lines of a minute, counts the rest into one line, and keeps agents apart", () => {
    const lines: string[] = [];
    const log = (line: string): void => void lines.push(line);
    const clock = new ManualTimers();
    for (let i = 0; i < 200; i++) logForAgent(log, 'evil', `agent "evil": refused ${i}`, clock);
    logForAgent(log, 'calm', 'agent "calm": refused once', clock);
    expect(lines).toHaveLength(AGENT_LINES_PER_WINDOW + 1);
    expect(lines.at(-1)).toBe('agent "calm": refused once');
    clock.advance(AUDIT_WINDOW_MS);
    expect(lines.slice(AGENT_LINES_PER_WINDOW + 1)).toEqual([`agent "evil": ${200 - AGENT_LINES_PER_WINDOW} more of its requests were refused within a minute (not written one by one)`]);
    // A new minute, a new budget.
    logForAgent(log, 'evil', 'agent "evil": refused again', clock);
    expect(lines.at(-1)).toBe('agent "evil": refused again');
  });

  it('counts protocol errors in a window of their own, and says so, not that requests were refused', () => {
    const lines: string[] = [];
    const log = (line: string): void => void lines.push(line);
    const clock = new ManualTimers();
    for (let i = 0; i < AGENT_LINES_PER_WINDOW + 5; i++) logProtocolError(log, 'evil', `agent "evil": unknown response ${i}`, clock);
    // Its refusals keep their own budget: the protocol errors spent none of it.
    logForAgent(log, 'evil', 'agent "evil": refused once', clock);
    expect(lines).toHaveLength(AGENT_LINES_PER_WINDOW + 1);
    expect(lines.at(-1)).toBe('agent "evil": refused once');
    clock.advance(AUDIT_WINDOW_MS);
    expect(lines.slice(AGENT_LINES_PER_WINDOW + 1)).toEqual(['agent "evil": 5 more protocol errors of its connection within a minute (not written one by one)']);
  });
});
