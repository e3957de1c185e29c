import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { recoverPage } from './page-recovery';

function fakeContents() {
  const contents = Object.assign(new EventEmitter(), { destroyed: false, reloads: 0, isDestroyed: () => contents.destroyed, reload: () => void contents.reloads++ });
  return contents;
}

describe('recoverPage', () => {
  it('starts the delivery afresh for a new document and after a crash, and loads a crashed page again', () => {
    const contents = fakeContents();
    const lines: string[] = [];
    let resets = 0;
    recoverPage(contents, () => resets++, (line) => lines.push(line));
    contents.emit('did-navigate');
    expect(resets).toBe(1);
    contents.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(resets).toBe(2);
    expect(contents.reloads).toBe(1);
    expect(lines).toEqual(["the window's page stopped (crashed): it is loaded again"]);
  });

  it('does not reload again a page that stopped before it finished loading', () => {
    const contents = fakeContents();
    const lines: string[] = [];
    recoverPage(contents, () => undefined, (line) => lines.push(line));
    contents.emit('render-process-gone', {}, { reason: 'oom' });
    contents.emit('render-process-gone', {}, { reason: 'oom' });
    expect(contents.reloads).toBe(1);
    contents.emit('did-finish-load');
    contents.emit('render-process-gone', {}, { reason: 'killed' });
    expect(contents.reloads).toBe(2);
    expect(lines).toHaveLength(3);
  });

  it('leaves a window that is closing alone', () => {
    const contents = fakeContents();
    recoverPage(contents, () => undefined, () => undefined);
    contents.emit('render-process-gone', {}, { reason: 'clean-exit' });
    contents.destroyed = true;
    contents.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(contents.reloads).toBe(0);
  });
});
