import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFile, checkTree, importsOf } from './check-imports';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('layering rules (ARCHITECTURE.md)', () => {
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
  });

  it('allows what the rules allow', () => {
    expect(checkFile('shared/api/a.ts', `import { z } from 'zod';\nimport { E } from '../errors';`)).toEqual([]);
    expect(checkFile('electron/shell/main.ts', `import { app } from 'electron';\nimport { createCore } from '../app';`)).toEqual([]);
    expect(checkFile('electron/app/a.ts', `import { createPool } from '../pool';\nimport { x } from './local/deep';\nimport { y } from '../../shared/config';`)).toEqual([]);
    expect(checkFile('renderer/main.ts', `import type { ServerStatus } from '../shared/api';`)).toEqual([]);
  });

  it('holds for the whole source tree', () => {
    expect(checkTree(root)).toEqual([]);
  });
});
