import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { refuseUnusableRead } from './refuse-read';

const RESOURCES: Record<string, { resources: { server: string; uri: string; name: string }[]; templates: { server: string; uriTemplate: string; name: string }[] }> = {
  files: { resources: [{ server: 'files', uri: 'fixture://hello', name: 'hello' }], templates: [] },
  templated: { resources: [{ server: 'templated', uri: 'demo://a', name: 'a' }], templates: [{ server: 'templated', uriTemplate: 'demo://{id}', name: 'any' }] },
};
const api = { listResources: ({ server }: { server?: string }) => Promise.resolve(RESOURCES[server ?? ''] ?? { resources: [], templates: [] }) } as unknown as AppApi;

describe('refuseUnusableRead: a command-line read refused before the person is asked', () => {
  it('refuses a URI a server without templates does not list, naming where to look', async () => {
    await expect(refuseUnusableRead(api, { server: 'files', uri: 'fixture://nosuch' })).rejects.toMatchObject({
      code: 'not_found',
      message: '"files" lists no resource fixture://nosuch; nothing was asked in the app',
      hint: 'Run `connected-services resources files` to see what it offers',
    });
  });

  it('asks about a listed URI, any URI of a server with templates, and a server never listed', async () => {
    await expect(refuseUnusableRead(api, { server: 'files', uri: 'fixture://hello' })).resolves.toBeUndefined();
    await expect(refuseUnusableRead(api, { server: 'templated', uri: 'demo://anything' })).resolves.toBeUndefined();
    await expect(refuseUnusableRead(api, { server: 'unlisted', uri: 'x://y' })).resolves.toBeUndefined();
  });
});
