import { describe, expect, it } from 'vitest';
import type { McpConfig } from '../../../shared/config';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import { applyFirstConfig } from './apply-chain';

describe('applyFirstConfig', () => {
  it('gives the pool the config only when apply() is called; the chain waits for it', async () => {
    const config = { mcpServers: {} } as McpConfig;
    const applied: McpConfig[] = [];
    const pool = { apply: (next: McpConfig) => (applied.push(next), Promise.resolve()) } as unknown as Pool;
    const registry = { config: () => config } as unknown as Registry;
    const first = applyFirstConfig(registry, pool);
    const order: string[] = [];
    first.applying.then(() => order.push('after the config'));
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toEqual([]);
    expect(order).toEqual([]);
    first.apply();
    await first.applying.settled();
    expect(applied).toEqual([config]);
    expect(order).toEqual(['after the config']);
  });
});
