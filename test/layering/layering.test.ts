import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { checkFile, checkTree, importsOf } from './check-imports';
import { LAYERS, layeringPlugin } from './layers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('layering rules (docs/architecture.md)', () => {
  it('finds every import form', () => {
    expect(importsOf(`import a from 'x';\nimport type { B } from "y";\nexport { c } from './z';\nconst d = await import('w');\nimport 'side';`).sort()).toEqual(['./z', 'side', 'w', 'x', 'y']);
  });

  it('catches each kind of violation', () => {
    const rules = (path: string, source: string) => checkFile(path, source).map((v) => v.rule);
    expect(rules('shared/config/a.ts', `import { readFileSync } from 'node:fs';`)).toHaveLength(1);
    expect(rules('shared/config/a.ts', `import x from '../../electron/pool';`)).toContain('shared/ imports nothing of the project but shared/');
    expect(rules('shared/config/a.ts', `import React from 'react';`)).toHaveLength(1);
    expect(rules('renderer/views/a.tsx', `import { spawn } from 'child_process';`)).toContain('renderer/ never imports Node built-ins');
    expect(rules('renderer/views/a.tsx', `import { createCore } from '../../electron/app';`)).toContain('renderer/ reaches the core only through the App API');
    expect(rules('electron/pool/a.ts', `import { app } from 'electron';`)).toContain('only electron/shell/ imports electron');
    expect(rules('electron/app/a.ts', `import { x } from '../pool/state-machine';`)).toEqual(['reach electron/pool through its index.ts, not its internals']);
    const support = 'test support lives in test/support, not in a product folder';
    expect(rules('renderer/testing/fake-api.ts', `import { vi } from 'vitest';`)).toEqual([support]);
    expect(rules('electron/shell/testing/fake.ts', `import { fakeApi } from '../../../test/support';`)).toEqual([support]);
    expect(rules('renderer/views/a.test.tsx', `import { vi } from 'vitest';\nimport { createFakeApi } from '../../test/support/renderer';`)).toEqual([]);
  });

  it('allows what the rules allow', () => {
    expect(checkFile('shared/api/a.ts', `import { z } from 'zod';\nimport { E } from '../errors';`)).toEqual([]);
    expect(checkFile('electron/shell/main.ts', `import { app } from 'electron';\nimport { createCore } from '../app';`)).toEqual([]);
    expect(checkFile('electron/app/a.ts', `import { createPool } from '../pool';\nimport { x } from './local/deep';\nimport { y } from '../../shared/config';`)).toEqual([]);
    expect(checkFile('renderer/main.ts', `import type { ServerStatus } from '../shared/api';`)).toEqual([]);
  });

  it('catches an import up or sideways in the dependency order, and a module in no layer', () => {
    const rules = (path: string, source: string) => checkFile(path, source).map((v) => v.rule);
    // The cycle this list broke: bridge → web (→ app → bridge).
    expect(rules('electron/bridge/http-guard.ts', `import { isAllowedHost } from '../web';`)).toEqual(['electron/bridge may not import electron/web, a layer above it (test/layering/layers.mjs)']);
    expect(rules('electron/auth/opener-env.ts', `export { x } from '../bridge';`)).toEqual(['electron/auth may not import electron/bridge, a layer above it (test/layering/layers.mjs)']);
    expect(rules('electron/app/doctor/a.ts', `const w = await import('../../web');`)).toEqual(['electron/app may not import electron/web, a layer above it (test/layering/layers.mjs)']);
    expect(rules('electron/vault/a.ts', `import type { Pool } from '../pool';`)).toEqual(['electron/vault may not import electron/pool, beside it in the same layer (test/layering/layers.mjs)']);
    expect(rules('electron/cli/a.ts', `import { startShell } from '../shell';`)).toEqual(['electron/cli may not import electron/shell, beside it in the same layer (test/layering/layers.mjs)']);
    expect(rules('electron/fs-safe/a.ts', `import { minimalEnv } from '../proc-env';`)).toEqual(['electron/fs-safe may not import electron/proc-env, beside it in the same layer (test/layering/layers.mjs)']);
    expect(rules('shared/config/a.ts', `import x from '../../electron/fs-safe';`)).toContain('shared may not import electron/fs-safe, a layer above it (test/layering/layers.mjs)');
    expect(rules('electron/newmod/a.ts', `import { x } from '../pool';`)).toEqual(['electron/newmod is in no layer: add it to test/layering/layers.mjs']);
    // Down the order, and within a module, is allowed.
    expect(checkFile('electron/web/a.ts', `import { dispatch } from '../app';\nimport { isAllowedHost } from '../net';\nimport { x } from './y';`)).toEqual([]);
    expect(checkFile('electron/auth/a.ts', `import { minimalEnv } from '../proc-env';\nimport { PASSPHRASE_ENV } from '../vault';\nimport { E } from '../../shared/errors';`)).toEqual([]);
  });

  it('lists every module of electron/ in exactly one layer', () => {
    const listed = LAYERS.flat();
    expect(new Set(listed).size).toBe(listed.length);
    const modules = readdirSync(join(root, 'electron'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `electron/${e.name}`);
    expect(modules.filter((m) => !listed.includes(m))).toEqual([]);
  });

  it('the lint rule reads the same list and reports the same imports', async () => {
    const linter = new Linter({ cwd: root });
    const config: Linter.Config[] = [{ files: ['**/*.ts'], plugins: { layering: layeringPlugin }, rules: { 'layering/order': 'error' } }];
    const lint = (path: string, source: string) => linter.verify(source, config, { filename: join(root, path) }).map((m) => m.message);
    expect(lint('electron/bridge/http-guard.ts', `import { isAllowedHost } from '../web';\nexport { x } from '../app';\nconst c = import('../cli');\nimport { p } from '../pool';`)).toEqual([
      'electron/bridge may not import electron/web, a layer above it (test/layering/layers.mjs)',
      'electron/bridge may not import electron/app, a layer above it (test/layering/layers.mjs)',
      'electron/bridge may not import electron/cli, a layer above it (test/layering/layers.mjs)',
    ]);
    expect(lint('electron/registry/a.ts', `export * from '../vault';`)).toEqual(['electron/registry may not import electron/vault, beside it in the same layer (test/layering/layers.mjs)']);
    expect(lint('electron/web/a.ts', `import { dispatch } from '../app';\nimport { isAllowedHost } from '../net';`)).toEqual([]);
    // …and eslint.config.js turns it on for the core.
    const eslint = new ESLint({ cwd: root });
    for (const file of ['shared/api/index.ts', 'electron/bridge/index.ts', 'electron/app/doctor/index.ts']) {
      const calculated = (await eslint.calculateConfigForFile(join(root, file))) as Linter.Config;
      expect(calculated.rules?.['layering/order'], file).toEqual([2]);
    }
  });

  it('holds for the whole source tree', () => {
    expect(checkTree(root)).toEqual([]);
  });
});
