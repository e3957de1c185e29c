import { describe, expect, it } from 'vitest';
import { sdkErrorLine } from './sdk-error-line';

describe('sdkErrorLine', () => {
  it('names the wrong fields of a notification the SDK could not read', () => {
    const dump = JSON.stringify([{ expected: 'number', code: 'invalid_type', path: ['params', 'progress'], message: 'Invalid input: expected number, received string' }], null, 2);
    expect(sdkErrorLine(`Uncaught error in notification handler: Error: ${dump}`)).toBe(
      'sent a notification MCP does not allow (params.progress: Invalid input: expected number, received string); it was ignored',
    );
  });

  it('folds any other report onto one line', () => {
    expect(sdkErrorLine('Uncaught error in notification handler: Error: boom\n[doctor] all is well')).toBe('Uncaught error in notification handler: Error: boom [doctor] all is well');
    expect(sdkErrorLine('Uncaught error in notification handler: [not json')).toBe('Uncaught error in notification handler: [not json');
    expect(sdkErrorLine('Uncaught error in notification handler: [{"path":"x"}]')).toBe('Uncaught error in notification handler: [{"path":"x"}]');
  });
});
