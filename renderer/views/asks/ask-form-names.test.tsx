// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

// As the core hands it over: parsed JSON, `__proto__` an own key of `properties` (a computed key is one too).
const requestedSchema = JSON.parse(
  JSON.stringify({
    type: 'object',
    required: ['__proto__'],
    properties: {
      ['__proto__']: { type: 'string', default: 'first' },
      constructor: { type: 'string', title: 'Builder' },
      street: { type: 'string', title: 'Street' },
    },
  }),
) as Record<string, unknown>;

const ask: PendingAsk = { server: 'shop', requestedAt: 1, expiresAt: 2, asker: 'you', call: 'tool "checkout"', id: 'n1', kind: 'form', message: 'Details', requestedSchema };

describe('a question whose fields are named __proto__ and constructor', () => {
  it('shows them under their real names, and the service gets the answers under its own keys', async () => {
    expect(Object.keys(requestedSchema['properties'] as object)).toEqual(['__proto__', 'constructor', 'street']);
    const api = createFakeApi({ listAsks: () => [ask] });
    renderApp(api);
    const proto = await screen.findByRole<HTMLInputElement>('textbox', { name: '__proto__' });
    expect(proto.value).toBe('first');
    fireEvent.change(proto, { target: { value: 'mine' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Builder' }), { target: { value: 'bob' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), { target: { value: 'Main St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.callsOf('decide')).toHaveLength(1));
    const content = (api.callsOf('decide')[0]?.answer as { content: Record<string, unknown> }).content;
    expect(JSON.stringify(content)).toBe('{"__proto__":"mine","constructor":"bob","street":"Main St"}');
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
  });
});
