import { describe, expect, it } from 'vitest';
import { NAME_CLIENTS } from '../../shared/api';
import { describeClient } from '../../electron/bridge';
import { agentFormSchema } from '../../renderer/views/agents/agent-form-schema';

// A new user typed the Create agent form's own example, “Claude Code on my laptop”, and was told at
// once "too little room, give the agent a shorter name": every example the field gives must fit.
describe("the Create agent form's example names", () => {
  it('leave room for tool names with every client the form offers', () => {
    const name = (agentFormSchema([]).properties?.['name'] ?? {}) as { description?: string };
    const examples = [...(name.description ?? '').matchAll(/“([^”]+)”/g)].map((match) => match[1] ?? '');
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      for (const client of NAME_CLIENTS) expect(describeClient(client, example), `${example} with ${client}`).not.toContain('too little room');
    }
  });
});
