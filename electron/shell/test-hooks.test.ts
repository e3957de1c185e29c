import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trayModelSink } from './test-hooks';

describe('trayModelSink', () => {
  it('writes the model only for an unpackaged app and an absolute path', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cs-tray-')), 'tray.json');
    expect(trayModelSink({ CONNECTED_SERVICES_TEST_TRAY_FILE: file }, true)).toBeUndefined();
    expect(trayModelSink({ CONNECTED_SERVICES_TEST_TRAY_FILE: 'relative.json' }, false)).toBeUndefined();
    expect(trayModelSink({}, false)).toBeUndefined();
    const sink = trayModelSink({ CONNECTED_SERVICES_TEST_TRAY_FILE: file }, false);
    sink?.({ icon: 'ok', tooltip: 't', items: [] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ icon: 'ok', tooltip: 't', items: [] });
  });
});
