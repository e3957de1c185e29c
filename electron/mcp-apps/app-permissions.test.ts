import { describe, expect, it } from 'vitest';
import { appFrameAllow, appPermissionsPolicy, grantedPermissions, requestedPermissions } from './app-permissions';

describe('app permissions', () => {
  const resource = { permissions: { camera: {}, clipboardWrite: {} } };

  it('grants only what the app asked for and the person allowed', () => {
    expect(requestedPermissions(resource)).toEqual(['camera', 'clipboardWrite']);
    expect(grantedPermissions(resource, new Set())).toEqual([]);
    expect(grantedPermissions(resource, new Set(['camera', 'microphone'] as const))).toEqual(['camera']);
  });

  it('turns every other feature off in the document and the frame', () => {
    const policy = appPermissionsPolicy(['camera']);
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=()');
    expect(policy).toContain('geolocation=()');
    expect(policy).toContain('clipboard-write=()');
    expect(appFrameAllow(['camera', 'clipboardWrite'])).toBe('camera; clipboard-write');
    expect(appFrameAllow([])).toBe('');
  });
});
