import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config';
import { changesApproval, configDiff, editedPlan, editServiceSchema, formDataOf } from './edit-service-model';

const stdio: ServerConfig = { command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: '${secret:GH}', MODE: 'fast' }, timeoutMs: 5000, timeouts: { export_all: 900_000 }, tools: { deny: ['rm'] }, roots: ['/home/me/notes'] };

describe('editing a service', () => {
  it('shows an entry in the form with referenced secrets as picked ones, and writes it back unchanged', () => {
    const data = formDataOf(stdio);
    expect(data).toEqual({ transport: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: [{ name: 'TOKEN', value: '', stored: 'GH' }, { name: 'MODE', value: 'fast' }] });
    const plan = editedPlan('s', stdio, data);
    expect(plan.config).toEqual(stdio);
    expect(plan.secrets).toEqual([]);
    expect(configDiff(stdio, plan.config)).toEqual([]);
  });

  it('keeps the stored API key or client secret when their fields are left empty, and other OAuth settings', () => {
    const apiKey: ServerConfig = { type: 'http', url: 'https://a.example/mcp', auth: { type: 'api_key', key: '${secret:MINE}', header: 'X-Key' } };
    const plan = editedPlan('a', apiKey, { ...formDataOf(apiKey), url: 'https://b.example/mcp' });
    expect(plan).toEqual({ name: 'a', config: { type: 'http', url: 'https://b.example/mcp', auth: { type: 'api_key', key: '${secret:MINE}', header: 'X-Key' } }, secrets: [] });
    const cc: ServerConfig = { type: 'http', url: 'https://c.example/mcp', auth: { type: 'client_credentials', clientId: 'id', clientSecret: '${secret:CS}' } };
    expect(editedPlan('c', cc, formDataOf(cc)).config).toEqual(cc);
    const oauth: ServerConfig = { type: 'http', url: 'https://o.example/mcp', auth: { type: 'oauth', clientId: 'x', scopes: ['a'], callbackPort: 4000 } };
    expect(editedPlan('o', oauth, { ...formDataOf(oauth), scopes: '' }).config).toEqual({ type: 'http', url: 'https://o.example/mcp', auth: { type: 'oauth', clientId: 'x', callbackPort: 4000 } });
    // A new key typed in is stored anew.
    expect(editedPlan('a', apiKey, { ...formDataOf(apiKey), apiKey: 'new-key' }).secrets).toEqual([{ name: 'API_KEY', value: 'new-key' }]);
  });

  it('lists each changed field with before and after, and says when the approval is concerned', () => {
    const after = editedPlan('s', stdio, { ...formDataOf(stdio), command: 'node', args: ['-y'], env: [{ name: 'MODE', value: 'slow' }], description: 'mine' }).config;
    const rows = configDiff(stdio, after);
    expect(rows).toEqual([
      { field: 'command', before: 'npx', after: 'node' },
      { field: 'args[1]', before: 'pkg' },
      { field: 'env.TOKEN', before: '${secret:GH}' },
      { field: 'env.MODE', before: 'fast', after: 'slow' },
      { field: 'description', after: 'mine' },
    ]);
    expect(changesApproval(rows)).toBe(true);
    expect(changesApproval([{ field: 'description', after: 'x' }])).toBe(false);
  });

  it('builds a form without the name, with a vault picker and optional stored secrets', () => {
    const schema = JSON.stringify(editServiceSchema(['B', 'A', 'A']));
    expect(schema).not.toContain('"name":{"type":"string","title":"Name","description":"What this service');
    expect(schema).toContain('"enum":["A","B"]');
    expect(schema).not.toContain('"apiKey","');
    expect(JSON.stringify(editServiceSchema([]))).not.toContain('Or a secret in the vault');
  });

  it('shows and writes pinning.acceptNewTools, and says a change of it needs no new approval', () => {
    const pinned: ServerConfig = { ...stdio, pinning: { acceptNewTools: true } };
    expect(formDataOf(pinned).acceptNewTools).toBe(true);
    expect(editedPlan('s', pinned, formDataOf(pinned)).config).toEqual(pinned);
    const off = editedPlan('s', pinned, { ...formDataOf(pinned), acceptNewTools: false }).config;
    expect(off.pinning).toBeUndefined();
    const on = editedPlan('s', stdio, { ...formDataOf(stdio), acceptNewTools: true }).config;
    expect(on.pinning).toEqual({ acceptNewTools: true });
    expect(changesApproval(configDiff(stdio, on))).toBe(false);
    expect((editServiceSchema([]).properties as Record<string, unknown>)['acceptNewTools']).toMatchObject({ type: 'boolean' });
  });
});
