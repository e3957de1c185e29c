import { describe, expect, it } from 'vitest';
import { fromBridgeAddress, toBridgeAddress, withBridgeAddresses } from './ui-address';

describe('ui:// addresses through the bridge', () => {
  it('puts the server first and finds it again', () => {
    const address = toBridgeAddress('wx', 'ui://weather/view.html?x=1');
    expect(address).toBe('ui://wx/weather/view.html?x=1');
    expect(fromBridgeAddress(address)).toEqual({ server: 'wx', uri: 'ui://weather/view.html?x=1' });
  });

  it('keeps two servers with the same address apart', () => {
    const a = toBridgeAddress('one', 'ui://dashboard/view.html');
    const b = toBridgeAddress('two', 'ui://dashboard/view.html');
    expect(a).not.toBe(b);
    expect(fromBridgeAddress(a)?.server).toBe('one');
    expect(fromBridgeAddress(b)?.server).toBe('two');
  });

  it('leaves other addresses alone and refuses ones that name no server', () => {
    expect(toBridgeAddress('wx', 'file:///data.txt')).toBe('file:///data.txt');
    expect(fromBridgeAddress('file:///data.txt')).toBeUndefined();
    expect(fromBridgeAddress('ui://wx')).toBeUndefined();
    expect(fromBridgeAddress('ui://wx/')).toBeUndefined();
    expect(fromBridgeAddress('ui:///view.html')).toBeUndefined();
    expect(fromBridgeAddress('ui://../etc/passwd')).toBeUndefined();
    expect(fromBridgeAddress('ui://bad name/x')).toBeUndefined();
  });

  it('rewrites both forms of a tool’s app address and nothing else', () => {
    const meta = { ui: { resourceUri: 'ui://w/v.html', visibility: ['model'] }, 'ui/resourceUri': 'ui://w/v.html', other: 'ui://w/v.html' };
    expect(withBridgeAddresses('s', meta)).toEqual({ ui: { resourceUri: 'ui://s/w/v.html', visibility: ['model'] }, 'ui/resourceUri': 'ui://s/w/v.html', other: 'ui://w/v.html' });
    expect(meta.ui.resourceUri).toBe('ui://w/v.html');
  });
});
