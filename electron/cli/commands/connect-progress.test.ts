import { describe, expect, it } from 'vitest';
import type { FlowEvent } from '../../auth';
import { redactedOutput, type Output } from '../output';
import { codeLifetime, MAX_SHOWN_ADDRESS, progress } from './connect-server';

function printed(event: FlowEvent, printsWhole = false): string[] {
  const lines: string[] = [];
  const inner: Output = { out: (line) => lines.push(line), err: (line) => lines.push(line) };
  progress(redactedOutput(inner), printsWhole)(event);
  return lines;
}

const code = (patch: Partial<Extract<FlowEvent, { type: 'device_code' }>>): FlowEvent => ({
  type: 'device_code', server: 'tv', userCode: 'WDJB-MJHT', verificationUri: 'http://127.0.0.1:4000/device', expiresAt: Date.now() + 600_000, intervalMs: 5000, ...patch,
});

describe('connect: the device sign-in lines', () => {
  it('says how long the code lives honestly: seconds under a minute, never "a minute" for 5 s', () => {
    expect(codeLifetime(5000)).toBe('5 seconds');
    expect(codeLifetime(4200)).toBe('5 seconds');
    expect(codeLifetime(1000)).toBe('1 second');
    expect(codeLifetime(59_500)).toBe('a minute');
    expect(codeLifetime(60_000)).toBe('a minute');
    expect(codeLifetime(600_000)).toBe('10 minutes');
    expect(codeLifetime(-1)).toBe('0 seconds');
    expect(printed(code({}))).toContain('The code expires in 10 minutes. Waiting for approval…');
  });

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
    expect(lines[3]).toBe(`note: the address is longer than ${MAX_SHOWN_ADDRESS} characters, so it is cut here (…); \`connected-services connect tv --device --print-url\` prints it whole.`);
    // With --print-url (or no display) the opener prints it whole just after.
    expect(printed(code({ verificationUri: long }), true)[2]).toBe(`note: the address is longer than ${MAX_SHOWN_ADDRESS} characters, so it is cut here (…); it is printed whole below.`);
  });

  it('says nothing of a cut when the addresses fit', () => {
    const lines = printed(code({ verificationUriComplete: 'http://127.0.0.1:4000/device?code=WDJB-MJHT' }));
    expect(lines.filter((l) => l.startsWith('note:'))).toEqual([]);
  });

  // RFC 8628 §3.3.1: the person reads where the complete address went, not only the core's log.
  it('says a complete address on another site was dropped, naming the site, and where to enter the code', () => {
    const lines = printed(code({ ignoredCompleteOrigin: 'https://phish.example' }));
    expect(lines).toContain('note: the authorization server also gave an address with the code filled in, on another site (https://phish.example); it was not shown or opened: enter the code at the address above.');
    expect(lines.join('\n')).not.toContain('(or open');
  });
});
