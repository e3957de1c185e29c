import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tooDeepListing } from '../../electron/pool/listing-depth';
import { endedUnanswered } from '../../electron/pool/not-event-stream';
import { sessionGoneAgain, sessionsKeptForgotten } from '../../electron/pool/session-expiry';
import { closedStdout, outran } from '../../electron/pool/stdio-errors';
import { writeToStdin } from '../../electron/pool/stdin-write';
import { screenHint } from '../../renderer/lib/describe-error';
import { connectSteps } from '../../renderer/views/catalog/connect-steps';
import type { CodedError } from '../../shared/errors';

// The pool's hints that no cheap real server brings about, from the pool's own builders: the screens
// say "service" for them, and name the button that starts a stopped one again.

function hintOf(error: CodedError): string {
  if (error.hint === undefined) throw new Error(`no hint in ${error.message}`);
  return error.hint;
}

describe('the pool\'s hints on a service\'s page and under Settings → Checks', () => {
  it('say "service" for a session forgotten at once, and name Restart', () => {
    expect(screenHint(hintOf(sessionGoneAgain('memo')))).toBe('the service forgets its sessions at once; check it (or its proxy), then start "memo" again with Restart on its page');
    expect(screenHint(hintOf(sessionsKeptForgotten('memo', 3, 60_000)))).toMatch(/^the service \(or a proxy .*, then start "memo" again with Restart on its page$/);
  });

  it('say "service" for a listing nested too deep, and name Restart, not the command', () => {
    expect(screenHint(hintOf(tooDeepListing('deep')))).toBe("check the service (no tool's schema nests this deep); start it again with Restart on its page");
  });

  it('say "service" for a stdio program that outran us or closed its stdout, "MCP server" kept for the program', () => {
    expect(screenHint(hintOf(outran('files', 1000)))).toBe('more than 1000 messages were waiting; check the service, then start it again with Restart on its page');
    expect(screenHint(hintOf(closedStdout('files')))).toBe('a stdio MCP server answers on stdout for as long as it runs; check the service, then start it again with Restart on its page');
  });

  it('say "service" for input the program closed', async () => {
    const stdin = new PassThrough();
    // Told by the write's callback; the stdio transport listens for the stream's error as well.
    stdin.on('error', () => undefined);
    stdin.end();
    const error = await writeToStdin(stdin, '{}\n', 'files', () => Promise.resolve()).then(
      () => undefined,
      (reason: CodedError) => reason,
    );
    expect(error && screenHint(hintOf(error))).toBe('the service closed its input or exited; retry the call');
  });
});

describe('the pool\'s hint on the failed step of Add service, where the service is gone', () => {
  /** What the failed step says, listing the tools of the service it was adding (connect-steps.ts). */
  const startStep = (failed: CodedError, name: string) =>
    connectSteps({
      plan: { name, secretNames: [] },
      needsApproval: false,
      started: true,
      outcome: 'failed',
      status: undefined,
      signIn: undefined,
      failure: { step: 'connect', message: failed.message, hint: hintOf(failed) },
    })[4];

  it('names Try again for starting it again, not Restart on a page', () => {
    const failed = tooDeepListing('deep');
    expect(startStep(failed, 'deep')?.detail).toBe(`${failed.message}${/[.?!]$/.test(failed.message) ? '' : '.'} Check the service (no tool's schema nests this deep); start it again with “Try again”`);
  });

  it('names Try again for an answer that ended without a result, not the live checks of a service gone', () => {
    const failed = endedUnanswered('remote');
    expect(startStep(failed, 'remote')?.detail).toBe('"remote" ended its answer without a result. Retry with “Try again”; if it keeps happening, check the service');
  });
});
