// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const TOOL: ToolInfo = {
  server: 'everything',
  name: 'add',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number', default: 5 }, unit: { type: 'string', default: 'cm' }, note: { type: 'string' } },
    required: ['a'],
    $schema: 'http://json-schema.org/draft-07/schema#',
  },
};

describe('tool form defaults', () => {
  it('pre-fills the schema defaults and sends them when the person changes nothing', async () => {
    const calls: ApiInput<'callTool'>[] = [];
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 1 })] }),
      listTools: () => [TOOL],
      callTool: (input) => {
        calls.push(input);
        return { content: [] };
      },
    });
    renderApp(api, { hash: '#/services/everything/tools/add' });
    // Named by its title alone: the required mark is only seen.
    const a = await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'a' });
    expect(a.value).toBe('5');
    expect(screen.getByLabelText<HTMLInputElement>(/^unit/).value).toBe('cm');
    fireEvent.click(screen.getByRole('button', { name: 'Call add' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.arguments).toEqual({ a: 5, unit: 'cm' });
  });
});
