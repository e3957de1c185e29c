import { describe, expect, it } from 'vitest';
import { sentenceStart } from './sentence-start';

describe('sentenceStart', () => {
  it('capitalizes a plain first word', () => {
    expect(sentenceStart('its URL cannot be sent: it holds a line break')).toBe('Its URL cannot be sent: it holds a line break');
    expect(sentenceStart('wait for some to finish')).toBe('Wait for some to finish');
    expect(sentenceStart('more than 64 calls are running')).toBe('More than 64 calls are running');
    expect(sentenceStart('done')).toBe('Done');
  });

  it('leaves names of files, fields and programs, and what begins otherwise, as written', () => {
    for (const text of ['runtime.json names an address', 'inputRoundGatherMaxMs would be 10 ms', 'npx could not be found', 'connected-services is not on PATH', '`connected-services secrets set NAME`', '"notes" failed', 'Already a sentence', '', '2 calls wait', 'broken: it exited with code 1']) {
      expect(sentenceStart(text)).toBe(text);
    }
  });
});
