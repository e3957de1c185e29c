import { afterEach, describe, expect, it } from 'vitest';
import { redactor } from '../../../shared/redact';
import { elicitationView } from './ask-view';

const VALUE = 'S3cr3tV4lu3-ask-view-known';
const base = { server: 'svc', call: 'tool "t"', expiresAt: 1 };

afterEach(() => redactor.removeSecret(VALUE));

describe("a form's question as the person is shown it", () => {
  it('hides a value we hold, in the message and the fields, and keeps a plain question whole', () => {
    redactor.addSecret(VALUE);
    const view = elicitationView(
      { mode: 'form', message: `Authorization: choose a scope for ${VALUE}`, requestedSchema: { type: 'object', properties: { scope: { type: 'string', description: `about ${VALUE}` } } } },
      base,
      {},
    );
    expect(view.message).toBe('Authorization: choose a scope for [redacted]');
    expect(JSON.stringify(view)).not.toContain(VALUE);
    expect(JSON.stringify(view)).toContain('about [redacted]');
  });

  it('hides a field named by a value we hold (as it is or in base64), in its properties and required list', () => {
    redactor.addSecret(VALUE);
    const encoded = Buffer.from(VALUE).toString('base64');
    const view = elicitationView(
      { mode: 'form', message: 'fill', requestedSchema: { type: 'object', properties: { [VALUE]: { type: 'string' }, [encoded]: { type: 'string' } }, required: [VALUE] } },
      base,
      {},
    );
    const shown = JSON.stringify(view);
    expect(shown.includes(VALUE) || shown.includes(encoded)).toBe(false);
    expect(view.kind === 'form' ? Object.keys(view.requestedSchema?.properties ?? {}) : []).toEqual(['[redacted]', '[redacted] 2']);
  });
});
