// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe("mcp.json's problems on the Services screen", () => {
  it("name a service's field by the form's label, as Edit and its review do; the file's own settings keep their path", async () => {
    const issues = [
      { file: 'mcp.json', server: 'local', field: 'args.1', message: 'an argument may not hold a NUL character' },
      { file: 'mcp.json', server: 'local', field: 'cwd', message: 'is not absolute' },
      { file: 'mcp.json', server: 'local', field: 'env["API \\"TOKEN"]', message: 'is too long' },
      { file: 'mcp.json', field: 'settings.logLevel', message: 'unknown value' },
    ];
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), configIssues: issues }) }));
    const note = (await screen.findByText(/mcp.json has 4 problems/)).closest('.note');
    if (!note) throw new Error('no problems note');
    const items = [...note.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'local: Argument 2 an argument may not hold a NUL character',
      'local: Folder is not absolute',
      'local: Environment variable API "TOKEN is too long',
      'settings.logLevel unknown value',
    ]);
    expect(note.textContent).not.toContain('args.1');
    expect([...note.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['API "TOKEN', 'settings.logLevel']);
  });
});
