import { describe, expect, it } from 'vitest';
import { redact } from '../../shared/redact';
import { isUnsentMessage, sdkErrorLine } from './sdk-error-line';

describe('sdkErrorLine', () => {
  it('names the wrong fields of a notification the SDK could not read', () => {
    const dump = JSON.stringify([{ expected: 'number', code: 'invalid_type', path: ['params', 'progress'], message: 'Invalid input: expected number, received string' }], null, 2);
    expect(sdkErrorLine(`Uncaught error in notification handler: Error: ${dump}`)).toBe(
      'sent a notification MCP does not allow (params.progress: Invalid input: expected number, received string); it was ignored',
    );
  });

  // `params.progressToken: …` read as a credential's header: the log hid the reason and "it was ignored".
  it('keeps its end through the redactor when the wrong field is named as a credential is', () => {
    const dump = JSON.stringify([
      { code: 'invalid_type', path: ['params', 'progressToken'], message: 'Invalid input: expected string, received object' },
      { code: 'invalid_type', path: ['params', 'progress'], message: 'Invalid input: expected number, received string' },
    ]);
    const line = sdkErrorLine(redact(`Uncaught error in notification handler: Error: ${dump}`));
    expect(redact(line)).toBe(
      'sent a notification MCP does not allow (params["progressToken"]: Invalid input: expected string, received object; params.progress: Invalid input: expected number, received string); it was ignored',
    );
  });

  it('folds any other report onto one line', () => {
    expect(sdkErrorLine('Uncaught error in notification handler: Error: boom\n[doctor] all is well')).toBe('Uncaught error in notification handler: Error: boom [doctor] all is well');
    expect(sdkErrorLine('Uncaught error in notification handler: [not json')).toBe('Uncaught error in notification handler: [not json');
    expect(sdkErrorLine('Uncaught error in notification handler: [{"path":"x"}]')).toBe('Uncaught error in notification handler: [{"path":"x"}]');
  });

  // A server's request answered after it was stopped was told as "Failed to send response: CodedError: …".
  it('says in our words that an answer could not be sent back, with no class name', () => {
    expect(sdkErrorLine('Failed to send response: CodedError: "calls" is not running')).toBe('the answer to a request it sent could not be sent back: "calls" is not running');
    expect(sdkErrorLine('Failed to send an error response: Error: write EPIPE')).toBe('the answer to a request it sent could not be sent back: write EPIPE');
    expect(isUnsentMessage('Failed to send response: x')).toBe(true);
    expect(isUnsentMessage('Error POSTing to endpoint: ')).toBe(true);
    expect(isUnsentMessage('Error POSTing to endpoint (HTTP 404): gone')).toBe(true);
    expect(isUnsentMessage('Failed to send cancellation: x')).toBe(false);
  });
});
