import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { agentFormSchema } from './agent-form-schema';

function clientTitles(schema: RJSFSchema): string[] {
  const client = JSON.stringify(schema);
  const found = /"client":\{[^]*?"oneOf":(\[[^\]]*\])/.exec(client)?.[1];
  return (JSON.parse(found ?? '[]') as { const: string }[]).map((c) => c.const);
}

describe('the client choices of the agent forms', () => {
  it('lists the clients in one order on Create and Edit, Edit adding only "none"', () => {
    const add = clientTitles(agentFormSchema(['memory']));
    const edit = clientTitles(agentFormSchema(['memory'], true));
    expect(add.length).toBeGreaterThan(3);
    expect(edit).toEqual([...add, 'none']);
  });
});
