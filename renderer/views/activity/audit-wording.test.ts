import { describe, expect, it } from 'vitest';
import { approvalText, callDuration } from './audit-wording';

describe('audit wording', () => {
  it('says who allowed or denied a call', () => {
    expect(approvalText({ approval: 'person', outcome: 'ok' })).toBe('allowed by you');
    expect(approvalText({ approval: 'person', outcome: 'tool_error' })).toBe('allowed by you');
    expect(approvalText({ approval: 'person', outcome: 'denied' })).toBe('denied by you');
    expect(approvalText({ approval: 'remembered', outcome: 'ok' })).toBe('allowed by “always allow”');
    // The agent's setting for the tool's kind is no rule: "rule" is what Agents calls a rule for one tool.
    expect(approvalText({ outcome: 'ok', decidedBy: 'tier' })).toBe('allowed by setting');
    expect(approvalText({ outcome: 'denied', decidedBy: 'tier' })).toBe('denied by setting');
    expect(approvalText({ outcome: 'ok', decidedBy: 'rule' })).toBe('allowed by rule');
    expect(approvalText({ outcome: 'denied', decidedBy: 'rule' })).toBe('denied by rule');
    expect(approvalText({ outcome: 'ok' })).toBe('allowed');
    expect(approvalText({ approval: 'timeout', outcome: 'denied' })).toBe('denied: timed out');
    expect(approvalText({ approval: 'paused', outcome: 'denied' })).toBe('denied: bridge paused');
    expect(approvalText({ approval: 'flood', outcome: 'denied' })).toBe('denied: too many waiting');
    expect(approvalText({ approval: 'gone', outcome: 'cancelled' })).toBe('withdrawn: the agent stopped waiting');
    expect(approvalText({ approval: 'closed', outcome: 'denied' })).toBe('denied: the bridge stopped');
    expect(approvalText({ approval: 'cancelled', outcome: 'cancelled' })).toBe('cancelled by the agent while waiting');
    expect(approvalText({ outcome: 'error' })).toBe('');
  });

  it('writes durations a person reads at a glance', () => {
    expect(callDuration(120.4)).toBe('120 ms');
    expect(callDuration(0)).toBe('0 ms');
    expect(callDuration(2_560)).toBe('2.5 s');
    expect(callDuration(54_162)).toBe('54 s');
    expect(callDuration(63_000)).toBe('1 min 3 s');
    expect(callDuration(120_000)).toBe('2 min');
    expect(callDuration(3_720_000)).toBe('1 h 2 min');
  });
});

describe('a server request in the audit log', () => {
  it('says how it ended and who answered, never what', () => {
    expect(approvalText({ outcome: 'ok', answer: 'accept', answeredBy: 'agent' })).toBe('accepted by the agent');
    expect(approvalText({ outcome: 'denied', answer: 'decline', answeredBy: 'person' })).toBe('declined by you');
    expect(approvalText({ outcome: 'error', answer: 'timeout', answeredBy: 'nobody' })).toBe('timed out');
    // An agent's client that answered with a JSON-RPC error did not cancel.
    expect(approvalText({ outcome: 'error', answer: 'error', answeredBy: 'agent' })).toBe('answered with an error by the agent');
  });

  it('says how many roots a server was given and from where, never which', () => {
    expect(approvalText({ outcome: 'ok', kind: 'roots', answer: 'accept', answeredBy: 'agent', roots: 2 })).toBe('2 roots from the agent');
    expect(approvalText({ outcome: 'ok', kind: 'roots', answer: 'accept', answeredBy: 'config', roots: 1 })).toBe("1 root from the service's entry");
    expect(approvalText({ outcome: 'ok', kind: 'roots', answer: 'accept', answeredBy: 'agent', roots: 0 })).toBe('no roots from the agent');
    expect(approvalText({ outcome: 'ok', kind: 'roots', answer: 'accept', answeredBy: 'config', roots: 1, requests: 1 })).toBe("1 root from the service's entry");
    expect(approvalText({ outcome: 'ok', kind: 'roots', answer: 'accept', answeredBy: 'config', roots: 1, requests: 200 })).toBe("1 root from the service's entry, asked 200 times");
    expect(approvalText({ outcome: 'denied', kind: 'roots', answer: 'decline', answeredBy: 'agent' })).toBe('declined by the agent');
  });
});
