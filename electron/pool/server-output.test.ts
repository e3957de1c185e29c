import { describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import type { CodedError } from '../../shared/errors';
import { DEFAULT_FLOOD_LIMITS, type FloodLimits } from './flood-budget';
import { MAX_STDERR_LINE, SHOWN_STRAY_LINES, ServerOutput, STDERR_TAIL_BYTES } from './server-output';

function output(limits: Partial<FloodLimits> = {}) {
  let now = 1_000;
  const logs: string[] = [];
  const floods: CodedError[] = [];
  const out = new ServerOutput({
    server: 's',
    log: (line) => logs.push(line),
    limits: { ...DEFAULT_FLOOD_LIMITS, ...limits },
    now: () => now,
    onFlood: (error) => floods.push(error),
  });
  return { out, logs, floods, at: (ms: number) => (now = ms) };
}

const stdout = (out: ServerOutput, text: string): void => {
  const buffer = Buffer.from(text);
  out.stdoutLine(buffer, 0, buffer.length);
};

describe('ServerOutput: stderr by line', () => {
  it('prefixes every line of a multi-line chunk and shows \\r and escapes, so no line can be forged', () => {
    const { out, logs } = output();
    out.stderr(Buffer.from('one\n[other] stderr: forged\r\n\u001b[2Kthree\rfour\n'));
    expect(logs).toEqual(['[s] stderr: one', '[s] stderr: [other] stderr: forged', '[s] stderr: \\u001b[2Kthree\\u000dfour']);
  });

  it('redacts a secret split across two writes', () => {
    const secret = 'split-secret-value-123456';
    redactor.addSecret(secret);
    try {
      const { out, logs } = output();
      out.stderr(Buffer.from(`token is ${secret.slice(0, 10)}`));
      out.stderr(Buffer.from(`${secret.slice(10)} ok\n`));
      expect(logs).toEqual(['[s] stderr: token is [redacted] ok']);
    } finally {
      redactor.removeSecret(secret);
    }
  });

  it('logs the last partial line at the end of the stream, and keeps a bounded tail of whole lines', () => {
    const { out, logs } = output({ stderrBytesPerSecond: 1 << 30 });
    for (let i = 0; i < 1000; i++) out.stderr(Buffer.from(`line ${i}\n`));
    out.stderr(Buffer.from('fatal: no newline'));
    out.flush();
    expect(logs.at(-1)).toBe('[s] stderr: fatal: no newline');
    expect(out.tail().length).toBeLessThanOrEqual(STDERR_TAIL_BYTES);
    expect(out.tail().endsWith('line 999\nfatal: no newline')).toBe(true);
  });

  it('drops a line longer than the cap whole, and what follows it up to its end', () => {
    const { out, logs } = output();
    out.stderr(Buffer.from('x'.repeat(MAX_STDERR_LINE + 1)));
    out.stderr(Buffer.from('rest of it\nnext\n'));
    expect(logs).toEqual([`[s] dropped a stderr line longer than ${MAX_STDERR_LINE} bytes`, '[s] stderr: next']);
  });

  it('drops stderr beyond its budget, reports it once a second, and stops a server that keeps flooding', () => {
    const { out, logs, floods, at } = output({ stderrBytesPerSecond: 100, floodSeconds: 3 });
    const chunk = Buffer.from('0123456789012345678901234567890123456789\n'.repeat(100));
    out.stderr(chunk);
    out.stderr(chunk);
    // One line fits (counted with its prefix: 52), the rest is dropped without a word.
    expect(logs).toEqual(['[s] stderr: 0123456789012345678901234567890123456789']);
    at(2_000);
    out.stderr(chunk);
    expect(logs[1]).toBe(`[s] dropped ${2 * chunk.length - 41} bytes of stderr over its budget of 100 bytes/s`);
    expect(floods).toEqual([]);
    at(3_000);
    out.stderr(chunk);
    expect(floods).toHaveLength(1);
    expect(floods[0]).toMatchObject({ code: 'server_unavailable', data: { flood: 'stderr' } });
    expect(floods[0]?.message).toBe('"s" flooded its stderr (over 100 bytes/s for 3 s in a row); it was stopped');
    expect(floods[0]?.hint).toContain('connected-services connect s');
    const before = logs.length;
    out.stderr(chunk);
    expect(logs).toHaveLength(before);
  });

  it('never shows the second half of a line whose first half was dropped', () => {
    const { out, logs, at } = output({ stderrBytesPerSecond: 50 });
    out.stderr(Buffer.from(`${'a'.repeat(60)}\n`));
    out.stderr(Buffer.from('first half of a secret'));
    at(2_000);
    out.stderr(Buffer.from(' second half\nnext\n'));
    expect(logs.filter((l) => l.includes('half'))).toEqual([]);
    expect(logs.at(-1)).toBe('[s] stderr: next');
  });

  it('keeps the first line after dropped output that ended at a line end', () => {
    const { out, logs, at } = output({ stderrBytesPerSecond: 50 });
    out.stderr(Buffer.from(`${'a'.repeat(60)}\n`));
    out.stderr(Buffer.from('dropped whole\n'));
    at(2_000);
    out.stderr(Buffer.from('kept\n'));
    expect(logs.at(-1)).toBe('[s] stderr: kept');
  });
});

describe('ServerOutput: stray stdout lines', () => {
  it('shows a few redacted, counts the rest, and stops a server that keeps writing them', () => {
    const { out, logs, floods, at } = output({ stdoutLinesPerSecond: 2, floodSeconds: 2 });
    for (let i = 0; i < 50; i++) stdout(out, `garbage API_KEY=abcdef${i}`);
    expect(logs).toEqual(['[s] ignored a stdout line that is not JSON-RPC: garbage API_KEY=[redacted]', '[s] ignored a stdout line that is not JSON-RPC: garbage API_KEY=[redacted]']);
    at(2_000);
    stdout(out, 'x');
    expect(logs[2]).toMatch(/^\[s\] dropped 48 stdout lines that are not JSON-RPC \(\d+ bytes\) over its budget of 2 lines\/s$/);
    stdout(out, 'x');
    stdout(out, 'x');
    expect(floods[0]).toMatchObject({ code: 'server_unavailable', data: { flood: 'stdout' } });
    expect(floods[0]?.hint).toContain('only JSON-RPC to stdout');
  });

  it('within the budget shows the first few a second and counts the rest in one line', () => {
    const { out, logs, at } = output();
    for (let i = 0; i < 40; i++) stdout(out, `log ${i}`);
    for (let i = 0; i < 10; i++) out.noise(`[s] dropped an answer to an id it was never asked (${i})`);
    expect(logs).toEqual([0, 1, 2, 3, 4].map((i) => `[s] ignored a stdout line that is not JSON-RPC: log ${i}`));
    at(2_000);
    stdout(out, 'next second');
    expect(logs.slice(SHOWN_STRAY_LINES)).toEqual([
      `[s] 45 more stdout lines that are not JSON-RPC or answer no request were not shown (the first ${SHOWN_STRAY_LINES} a second are)`,
      '[s] ignored a stdout line that is not JSON-RPC: next second',
    ]);
  });

  it('counts protocol noise (answers to unknown requests) against the stdout budget', () => {
    const { out, logs } = output({ stdoutLinesPerSecond: 1 });
    out.noise('[s] dropped a late answer');
    out.noise('[s] dropped a late answer');
    expect(logs).toEqual(['[s] dropped a late answer']);
  });
});

