import { describe, expect, it } from 'vitest';
import type { HeldChange } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { Emitter } from '../../../shared/events';
import type { PinsEvents } from '../../pinning';
import type { SourceSettled } from './decision-queue';
import { toolChangeDecisions, toolChangeId } from './tool-change-decisions';

function held(name: string, patch: Partial<HeldChange> = {}): HeldChange {
  return { server: 'notes', kind: 'tool', name, change: 'added', seenAt: 5, description: [], schema: [], ...patch };
}

/** The pins as the source sees them: what each server holds now, and their events. */
function fakePins(waiting: Record<string, HeldChange[]>) {
  const events = new Emitter<PinsEvents>(() => undefined);
  return { events, pins: { held: (server?: string) => Promise.resolve(waiting[server ?? ''] ?? []), on: events.on.bind(events) } };
}

describe('toolChangeDecisions', () => {
  it('ids a held change by server, kind and name, and by a stable digest when that is over 100 characters', () => {
    expect(toolChangeId(held('search'))).toBe('notes/tool/search');
    const long = held('x'.repeat(300));
    expect(toolChangeId(long)).toHaveLength('notes/tool/#'.length + 32);
    expect(toolChangeId(long)).toBe(toolChangeId({ ...long }));
    expect(toolChangeId(long)).not.toBe(toolChangeId(held('y'.repeat(300))));
  });

  it('lists what waits at the start, adds what a listing holds, and settles what went without the person as withdrawn by the core', async () => {
    const waiting: Record<string, HeldChange[]> = { notes: [held('search', { change: 'changed' })] };
    const { events, pins } = fakePins(waiting);
    const source = toolChangeDecisions({ pins, servers: () => ['notes'], pinsApi: { reviewChanges: () => Promise.resolve({ ok: true as const }) } });
    const added: string[] = [];
    const settled: SourceSettled[] = [];
    source.watch((d) => added.push(d.id), (s) => settled.push(s));
    await source.ready();
    expect(source.list()).toMatchObject([{ kind: 'toolChange', id: 'notes/tool/search', summary: '"notes" changed the tool "search"', requestedAt: 5 }]);
    waiting['notes'] = [held('upload')];
    events.emit('held', { server: 'notes' });
    await source.ready();
    await new Promise((resolve) => setImmediate(resolve));
    expect(added).toEqual(['notes/tool/search', 'notes/tool/upload']);
    expect(settled).toEqual([{ id: 'notes/tool/search', outcome: 'withdrawn', who: 'core' }]);
    // Reviewed by the person: the next listing without it settles it with their answer.
    events.emit('reviewed', { server: 'notes', decisions: [{ kind: 'tool', name: 'upload', decision: 'refuse' }] });
    waiting['notes'] = [];
    events.emit('held', { server: 'notes' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled.at(-1)).toEqual({ id: 'notes/tool/upload', outcome: 'refused', was: { summary: '"notes" lists a new tool "upload"', requestedAt: 5 } });
    await expect(source.decide({ kind: 'toolChange', id: 'notes/tool/upload', answer: { decision: 'accept' } }, 'ipc')).rejects.toMatchObject({ code: 'not_found' });
  });

  it("logs a listing that failed in the error's own words, without its class name", async () => {
    const failure = new CodedError('internal', 'the pins file of "notes" could not be read');
    const lines: string[] = [];
    const pins = { ...fakePins({}).pins, held: () => Promise.reject(failure) };
    const source = toolChangeDecisions({ pins, servers: () => ['notes'], pinsApi: { reviewChanges: () => Promise.resolve({ ok: true as const }) }, log: (line) => lines.push(line) });
    source.watch(() => undefined, () => undefined);
    await source.ready();
    expect(lines).toEqual(['[notes] its held tool changes were not listed: the pins file of "notes" could not be read']);
  });

  it('answers with the digest of the definition shown, so a change since is refused by the pins', async () => {
    const { pins } = fakePins({ notes: [held('search', { change: 'changed', digest: 'a'.repeat(64) })] });
    const asked: unknown[] = [];
    const source = toolChangeDecisions({ pins, servers: () => ['notes'], pinsApi: { reviewChanges: (input) => (asked.push(input), Promise.resolve({ ok: true as const })) } });
    source.watch(() => undefined, () => undefined);
    await source.ready();
    await source.decide({ kind: 'toolChange', id: 'notes/tool/search', answer: { decision: 'accept', digest: 'a'.repeat(64) } }, 'app');
    expect(asked).toEqual([{ name: 'notes', decisions: [{ kind: 'tool', name: 'search', decision: 'accept', digest: 'a'.repeat(64) }] }]);
  });
});
