import { describe, expect, it } from 'vitest';
import type { FlowEvent } from '../../auth';
import { redactedOutput, type Output } from '../output';
import { MAX_SHOWN_ADDRESS, progress } from './connect-server';

function printed(event: FlowEvent): string[] {
  const lines: string[] = [];
  const inner: Output = { out: (line) => lines.push(line), err: (line) => lines.push(line) };
  progress(redactedOutput(inner))(event);
  return lines;
}

const code = (patch: Partial<Extract<FlowEvent, { type: 'device_code' }>>): FlowEvent => ({
  type: 'device_code', server: 'tv', userCode: 'WDJB-MJHT', verificationUri: 'http://127.0.0.1:4000/device', expiresAt: Date.now() + 600_000, intervalMs: 5000, ...patch,
});

describe('connect: the device sign-in lines', () => {
  // RFC 8628 §3.2: the user code is what the person types, no secret; it is shown beside anyway.
  it('shows the user code inside the complete address, however its parameter is named', () => {
    expect(printed(code({ verificationUriComplete: 'http://127.0.0.1:4000/device?code=WDJB-MJHT' }))[2]).toBe('(or open http://127.0.0.1:4000/device?code=WDJB-MJHT)');
    expect(printed(code({ verificationUriComplete: 'http://127.0.0.1:4000/device?user_code=WDJB-MJHT' }))[2]).toBe('(or open http://127.0.0.1:4000/device?user_code=WDJB-MJHT)');
  });

  it('still redacts the rest of that line', () => {
    const line = printed(code({ verificationUriComplete: 'http://127.0.0.1:4000/device?code=WDJB-MJHT&access_token=ya29.a0AfB_secretsecretsecret' }))[2];
    expect(line).toContain('code=WDJB-MJHT');
    expect(line).not.toContain('ya29.a0AfB_secretsecretsecret');
  });

  it('cuts an address thousands of characters long to a line a terminal holds', () => {
    const long = `http://127.0.0.1:4000/${'a'.repeat(3000)}`;
    const lines = printed(code({ verificationUri: long, verificationUriComplete: `${long}?code=WDJB-MJHT` }));
    expect(lines[0]).toBe(`To sign in, open ${long.slice(0, MAX_SHOWN_ADDRESS - 1)}… and enter the code:`);
    expect(lines[2]).toBe(`(or open ${long.slice(0, MAX_SHOWN_ADDRESS - 1)}…)`);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(MAX_SHOWN_ADDRESS + 40);
  });
});
