import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { endedError, WHILE_STARTING } from '../../pool';
import { liveChecks } from './live-checks';

const exited = { code: 2, signal: null };

/** One live check of a stdio server whose start fails as the pool says it. */
async function checkOf(error: Error) {
  const [check] = await liveChecks({
    servers: { files: { command: 'node' } },
    approval: () => 'approved',
    timeoutMs: 1000,
    timer: () => () => undefined,
    probe: () => Promise.reject(error),
  });
  return check;
}

// `doctor --live` said "Check the server's output below; run connected-services doctor": nothing was
// printed below, and it sent the person to the command they were running.
describe('liveChecks of a server that exits at start', () => {
  it('shows what it printed under its check and a fix that makes sense inside doctor', async () => {
    const check = await checkOf(endedError('files', { exit: exited, stderr: 'starting files\nconfig error: FILES_ROOT is not set\n', byUs: false }, WHILE_STARTING));
    expect(check?.status).toBe('fail');
    expect(check?.detail.split('\n')).toEqual([
      'a call would fail now: [server_unavailable] "files" exited with code 2 while starting: config error: FILES_ROOT is not set',
      'its output ended with:',
      '  starting files',
      '  config error: FILES_ROOT is not set',
    ]);
    expect(check?.fix).toBe('Fix what its output above says; its command run by hand shows all it prints');
    expect(check?.fix).not.toMatch(/below|doctor/);
  });

  it('one that printed nothing is told to run its command by hand, not to run doctor', async () => {
    const check = await checkOf(endedError('files', { exit: exited, stderr: '', byUs: false }, WHILE_STARTING));
    expect(check?.detail).toBe('a call would fail now: [server_unavailable] "files" exited with code 2 while starting');
    expect(check?.fix).toBe('It printed nothing: run its command yourself to see what it does');
  });
});

// A server declared in code was told to change its entry "in mcp.json", where it is not.
describe('liveChecks of a server declared in code', () => {
  it("speaks of the entry in code where the fix names mcp.json's, and of mcp.json for the file's", async () => {
    const checks = await liveChecks({
      servers: { files: { command: 'node' }, other: { command: 'node' } },
      approval: () => 'approved',
      timeoutMs: 1000,
      timer: () => () => undefined,
      probe: (name) => Promise.reject(new CodedError('timeout', `${name} did not answer`, { hint: `retry, or raise "timeoutMs" of "${name}" in mcp.json` })),
      fromCode: (name) => name === 'files',
    });
    expect(checks.map((check) => check.fix)).toEqual(['Retry, or raise "timeoutMs" of "files" in the servers given to openConnectedServices', 'Retry, or raise "timeoutMs" of "other" in mcp.json']);
  });
});
