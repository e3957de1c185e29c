import { describe, expect, it } from 'vitest';
import { secretInUrl } from './literal-secrets';
import { secretInUrlPath } from './secret-shapes';

/** The clock the ULID cases are judged by: 2026-12-01. */
const NOW = Date.UTC(2026, 11, 1);

describe('a key in a URL path segment', () => {
  const KEYS = [
    'https://x.example/mcp/tok_abcdefABCDEF1234567890abcdef1234',
    'https://x.example/mcp/sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'https://x.example/sk-proj-7Hq2LmX9pR4tVw8Zk3Nc/mcp',
    'https://x.example/hooks/pk_test_TYooMQauvdEDq54NiTphI7jx',
    'https://x.example/ghp_0123456789abcdefghijABCDEFGHIJ012345/mcp',
    'https://x.example/slack/xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp',
    'https://x.example/mcp/abcdefABCDEF1234567890abcdef1234',
    'https://x.example/u/k7x2m9qpl4vz8w3rt6yn1bc5/sse',
    // A key's prefix before a ULID-shaped piece, and a mixed-case run, are keys still.
    'https://x.example/mcp/sk_live_01HZX3K9Q7T2M8N4P6R5S1V0WY',
    'https://x.example/mcp/sk_01HZX3K9Q7T2M8N4P6R5S1V0WY',
    'https://x.example/mcp/glpat-01HZX3K9Q7T2M8N4P6R5S1V0WY',
    'https://x.example/projects/proj_01HZX3K9Q7t2M8n4P6r5S1v0WY/mcp',
    // A ULID after a word that names a credential is a key.
    'https://x.example/u/token_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/secret_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/apikey_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/key-01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/pat_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/live_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/whsec_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/bearer-01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/u/access_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/projects/rt_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/projects/jwt-01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/projects/oauth_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/projects/prod_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/projects/sandbox_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    // A bare ULID is an ID only under a collection's name, and not under one of keys.
    'https://x.example/u/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/k/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/tokens/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/apikeys/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    // Nor under a collection whose member is itself the credential: a hook's, an invite's, a share's URL.
    'https://x.example/access/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/webhooks/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/invites/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/shares/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    'https://x.example/signatures/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    // The ULID alphabet at random: its time is no time a ULID was made.
    'https://x.example/projects/3KQ9T7M2X8N4P6R5S1V0WYAB4C/mcp',
    'https://x.example/u/3KQ9T7M2X8N4P6R5S1V0WYAB4C/mcp',
    'https://x.example/projects/proj_7ZZZZZZZZZ4P6R5S1V0WYAB4C0/mcp',
    'https://x.example/projects/proj_00000000004P6R5S1V0WYAB4C0/mcp',
  ];

  it('is refused, a token prefix or a long run of letters and digits alike', () => {
    for (const url of KEYS) {
      expect({ url, path: secretInUrlPath(url, NOW) }).toEqual({ url, path: true });
      expect({ url, why: secretInUrl({ type: 'http', url }) }).toEqual({ url, why: 'a token in its path' });
    }
  });

  it('leaves ordinary paths, slugs, versions, UUIDs and ULIDs alone', () => {
    const plain = [
      'https://x.example/mcp',
      'https://x.example/v1/sse',
      'https://x.example/servers/my-github-server/mcp',
      'https://x.example/servers/sk-my-server-v2/mcp',
      'https://x.example/tok_export/mcp',
      'https://x.example/projects/123e4567-e89b-12d3-a456-426614174000/mcp',
      'https://x.example/models/Qwen2.5-Coder-32B-Instruct/mcp',
      'https://x.example/v1/McpServerMain2024Edition/mcp',
      'https://x.example/apps/my_long_server_name_for_production_2024/mcp',
      'https://x.example/mcp/2024/11/05/streamable-http',
      // IDs in lower-case hex: a Cloudflare account, a Mongo ObjectId, a git commit.
      'https://x.example/accounts/023e105f4ecef8ad9ca31a8372d0c353/mcp',
      'https://x.example/items/507f1f77bcf86cd799439011/mcp',
      'https://x.example/commits/da39a3ee5e6b4b0d3255bfef95601890afd80709/mcp',
      // Slugs and product codes that only look like a key's prefix.
      'https://x.example/courses/sk-learning2024/mcp',
      'https://x.example/SK-2024120112345/mcp',
      'https://x.example/xoxo-2024hugs12345/mcp',
      // ULIDs, bare or after a word: how many services name a project or a run.
      'https://x.example/projects/proj_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
      'https://x.example/projects/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
      'https://x.example/runs/run-01J9S7Q2W4E6R8T0Y3M5N7B9C1/mcp',
      'https://x.example/workspaces/01J9S7Q2W4E6R8T0Y3M5N7B9C1/mcp',
      'https://x.example/u/proj_01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
      'https://x.example/sandboxes/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
      'https://x.example/products/01HZX3K9Q7T2M8N4P6R5S1V0WY/mcp',
    ];
    for (const url of plain) expect({ url, path: secretInUrlPath(url, NOW) }).toEqual({ url, path: false });
  });
});
