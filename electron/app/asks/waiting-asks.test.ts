import { describe, expect, it } from 'vitest';
import { formDefaults, sensitiveFields } from '../../../shared/api';
import { AskTimeout } from '../../pool';
import { WaitingAsks } from './waiting-asks';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'Ada' },
    age: { type: 'integer', default: 36 },
    ratio: { type: 'number', default: 0.5 },
    colour: { type: 'string', enum: ['red', 'blue'], default: 'blue' },
    agree: { type: 'boolean', default: false },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
    wrong: { type: 'integer', default: 'seven' },
  },
  required: ['name'],
};
const view = { kind: 'form' as const, server: 's', message: 'fill in', requestedSchema: schema, expiresAt: 0 };
const timedOut = (reason: unknown): boolean => reason instanceof AskTimeout;

describe('WaitingAsks: requests waiting for the person', () => {
  it('shows a request, takes a fitting answer once, and says when it settled', async () => {
    const asks = new WaitingAsks({ now: () => 5 });
    const settled: string[] = [];
    asks.on('settled', (s) => settled.push(s.outcome));
    const answer = asks.ask(view, new AbortController().signal, timedOut);
    const [pending] = asks.list();
    expect(pending).toMatchObject({ kind: 'form', requestedAt: 5 });
    const id = pending?.id ?? '';
    expect(() => asks.answer(id, { action: 'accept', content: { age: 'x' } })).toThrow(/must be of type integer/);
    expect(() => asks.answer(id, { action: 'accept', content: { age: 3 } })).toThrow(/"name" is required/);
    expect(() => asks.answer(id, { action: 'accept', content: { name: 'A', extra: 1 } })).toThrow(/not a field/);
    asks.answer(id, { action: 'accept', content: { name: 'A', age: 3 } });
    expect(await answer).toEqual({ action: 'accept', content: { name: 'A', age: 3 } });
    expect(() => asks.answer(id, { action: 'decline' })).toThrow(/no longer waiting/);
    expect(settled).toEqual(['accept']);
  });

  it('closeAll ends what waits, and declines every later request at once, unseen (the core is closing)', async () => {
    const asks = new WaitingAsks();
    const shown: string[] = [];
    asks.on('pending', (p) => shown.push(p.id));
    const before = asks.ask(view, new AbortController().signal, timedOut);
    asks.closeAll();
    expect(await before).toBe('ended');
    expect(asks.full).toBe(true);
    expect(await asks.ask(view, new AbortController().signal, timedOut)).toEqual({ action: 'decline' });
    expect(shown).toHaveLength(1);
    expect(asks.list()).toEqual([]);
  });

  it('a form asking for a secret can only be declined', async () => {
    const secretSchema = { type: 'object', properties: { apiKey: { type: 'string', title: 'API key' } } };
    expect(sensitiveFields(secretSchema)).toEqual(['apiKey']);
    const asks = new WaitingAsks();
    const answer = asks.ask({ ...view, requestedSchema: secretSchema, sensitive: ['apiKey'] }, new AbortController().signal, timedOut);
    const id = asks.list()[0]?.id ?? '';
    expect(() => asks.answer(id, { action: 'accept', content: { apiKey: 'k' } })).toThrow(/looks like a secret/);
    asks.answer(id, { action: 'decline' });
    expect(await answer).toEqual({ action: 'decline' });
  });

  it('the time limit or the end of the call settles it without an answer', async () => {
    const asks = new WaitingAsks();
    const limit = new AbortController();
    const ended = new AbortController();
    const a = asks.ask(view, limit.signal, timedOut);
    const b = asks.ask(view, ended.signal, timedOut);
    limit.abort(new AskTimeout('late'));
    ended.abort(new Error('call ended'));
    expect(await a).toBe('timeout');
    expect(await b).toBe('ended');
    expect(asks.list()).toEqual([]);
  });

  it('past its bound new requests are declined at once', async () => {
    const asks = new WaitingAsks({ maxWaiting: 1 });
    void asks.ask(view, new AbortController().signal, timedOut);
    expect(await asks.ask(view, new AbortController().signal, timedOut)).toEqual({ action: 'decline' });
  });

  it('SEP-1034 defaults: string, integer, number, enum, boolean (and multi-select), only when of the field\'s type', () => {
    expect(formDefaults(schema)).toEqual({ name: 'Ada', age: 36, ratio: 0.5, colour: 'blue', agree: false, tags: ['a'] });
  });
});
