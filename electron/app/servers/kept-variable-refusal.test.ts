import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/config';
import { refuseKeptVariables } from './kept-variable-refusal';

const settings: Settings = { secretStores: { kp: { type: 'keepassxc', database: '/h/p.kdbx', passwordEnv: 'KP_PASSWORD' } } };

describe('refuseKeptVariables', () => {
  it("refuses ${env:…} naming a KeePassXC store's password variable, in any case, naming the field as the App API does", () => {
    const header = { type: 'http' as const, url: 'https://a.example/mcp', headers: { 'X-Trace': '${env:KP_PASSWORD}' } };
    expect(() => refuseKeptVariables(header, settings)).toThrow(
      'Invalid server: headers["X-Trace"]: The reference ${env:KP_PASSWORD} names the variable a KeePassXC store reads its database password from',
    );
    expect(() => refuseKeptVariables({ command: 'node', env: { A: 'x ${env:kp_password}' } }, settings)).toThrow(/env\["A"\]: The reference \$\{env:kp_password\}/);
    expect(() => refuseKeptVariables({ command: 'node', args: ['--p=${env:KP_PASSWORD}'] }, settings)).toThrow(/args\.0: /);
  });

  it('passes other variables, and any variable when no store names one', () => {
    expect(() => refuseKeptVariables({ command: 'node', env: { A: '${env:HOME}' } }, settings)).not.toThrow();
    expect(() => refuseKeptVariables({ command: 'node', env: { A: '${env:KP_PASSWORD}' } }, undefined)).not.toThrow();
    expect(() => refuseKeptVariables({ command: 'node', env: { A: '${env:KP_PASSWORD}' } }, { secretStores: { kp: { type: 'keepassxc', database: '/h/p.kdbx' } } })).not.toThrow();
  });
});
