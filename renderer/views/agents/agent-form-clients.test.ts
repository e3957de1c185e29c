import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { NAME_CLIENTS } from '../../../shared/api';
import { agentFormSchema } from './agent-form-schema';

function clientTitles(schema: RJSFSchema): string[] {
  const client = JSON.stringify(schema);
  const found = /"client":\{[^]*?"oneOf":(\[[^\]]*\])/.exec(client)?.[1];
  return (JSON.parse(found ?? '[]') as { const: string }[]).map((c) => c.const);
}

describe('the client choices of the agent forms', () => {
  it('lists the clients in one order on Create and Edit; Edit, which records the client, offers those whose prefix is known, another prefix and "none"', () => {
    const add = clientTitles(agentFormSchema(['memory']));
    const edit = clientTitles(agentFormSchema(['memory'], true));
    // Create prints any client's configuration, as `agents add --for` does; `agents set --for` takes a known prefix.
    expect(add).toEqual(expect.arrayContaining(['claude-code', 'windsurf', 'gemini-cli', 'codex']));
    expect(edit).toEqual([...add.filter((c) => NAME_CLIENTS.some((n) => n === c) || c === 'other'), 'none']);
    expect(edit).not.toContain('windsurf');
  });
});
