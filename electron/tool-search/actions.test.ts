import { describe, expect, it } from 'vitest';
import { SearchIndex, searchTools, type ToolDoc } from '.';
import { needActions, toolAction } from './actions';
import { terms } from './tokens';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

describe('kinds of action: what a need asks done, what a tool does', () => {
  it('reads a need’s first verb, and a question as read', () => {
    expect([...needActions('forget everything stored about Bob')]).toEqual(['delete']);
    expect([...needActions('cancel the running pipeline')]).toEqual(['stop']);
    expect([...needActions('record a workout')]).toEqual(['create']);
    expect([...needActions('what did the reviewers say')]).toEqual(['read']);
    expect([...needActions('how big are these files')]).toEqual(['read']);
    expect(needActions('pallets in the warehouse').size).toBe(0);
  });

  it('reads a tool’s kind from the first word of its name that has one', () => {
    expect(toolAction(terms('slack_reply_to_thread'))).toBe('send');
    expect(toolAction(terms('slack_get_thread_replies'))).toBe('read');
    expect(toolAction(terms('kubectl_delete'))).toBe('delete');
    expect(toolAction(terms('maps_reverse_geocode'))).toBeUndefined();
  });

  it('prefers the tool whose kind the need asks, among tools its words match alike', () => {
    const docs = [
      tool('chat', 'reply_to_thread', 'Reply to a thread of messages'),
      tool('chat', 'get_thread_replies', 'Get the replies of a thread of messages'),
      tool('graph', 'create_relations', 'Create relations between entities'),
      tool('graph', 'delete_relations', 'Delete relations between entities'),
      ...Array.from({ length: 20 }, (_, i) => tool(`other${i}`, `list_things_${i}`, `Lists things of kind ${i}`)),
    ];
    const index = new SearchIndex(docs);
    const first = (need: string): string | undefined => {
      const hit = searchTools(index, need, { limit: 3, admit: () => true }).hits[0];
      return hit === undefined ? undefined : docs[hit.doc]?.name;
    };
    expect(first('read the replies in the thread')).toBe('get_thread_replies');
    expect(first('answer the thread')).toBe('reply_to_thread');
    expect(first('link two entities with relations')).toBe('create_relations');
    expect(first('unlink the entities relations')).toBe('delete_relations');
  });
});
