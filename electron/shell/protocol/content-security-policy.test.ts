import { describe, expect, it } from 'vitest';
import { DIALOG_CSP, protocolHeaders, RENDERER_CSP } from './content-security-policy';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('Content-Security-Policy', () => {
  it('lets the renderer run only its own scripts, with no eval and no inline script', () => {
    const csp = directives(RENDERER_CSP);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'app://connected-services']);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|wasm-unsafe-eval|strict-dynamic/);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('allows no remote origin, frames, plugins, forms or base changes', () => {
    const csp = directives(RENDERER_CSP);
    for (const values of csp.values()) {
      expect(values.some((v) => /^(https?:|wss?:|\*|file:|blob:)/.test(v))).toBe(false);
    }
    for (const name of ['object-src', 'child-src', 'worker-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(csp.get(name)).toEqual(["'none'"]);
    }
    // Frames: MCP Apps on their own scheme only, never the renderer's origin.
    expect(csp.get('frame-src')).toEqual(['cs-app://apps']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'app://connected-services']);
    expect(csp.get('img-src')).toEqual(["'self'", 'app://connected-services', 'data:']);
  });

  it('keeps the passphrase dialog to its own files', () => {
    const csp = directives(DIALOG_CSP);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(DIALOG_CSP).not.toContain('unsafe');
  });

  it('sends the policy with nosniff, no referrer and isolation headers', () => {
    const headers = protocolHeaders('text/html; charset=utf-8', RENDERER_CSP);
    expect(headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': RENDERER_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('clipboard-read=()');
  });
});
