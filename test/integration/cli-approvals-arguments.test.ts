import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

describe('approvals list shows what a waiting call would send', () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('prints the arguments pretty-printed and redacted, with argument recording off', async () => {
    const added = await served.api('addAgent', { name: 'mailer', servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    const { token } = added.body.result as { token: string };
    const client = new Client({ name: 'mailer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const call = client.callTool({ name: 'everything__echo', arguments: { message: 'to bob: Bearer abcdef123456 thanks' } });
      const listed = await eventually(async () => {
        const run = await runCli(home, ['approvals', 'list']);
        return run.stdout.includes('everything echo') ? run : undefined;
      });
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^[0-9a-f]+ echo on everything, arguments:\n {2}\{\n {4}"message": "to bob: Bearer \[redacted\] thanks"\n {2}\}$/m);
      expect(listed.stdout).not.toContain('abcdef123456');
      const id = /^([0-9a-f]+) echo on everything/m.exec(listed.stdout)?.[1] ?? '';
      expect((await runCli(home, ['approvals', 'deny', id])).code).toBe(0);
      expect((await call).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
