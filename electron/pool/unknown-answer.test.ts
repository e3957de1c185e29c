import { describe, expect, it } from 'vitest';
import { UNKNOWN_ANSWER_PREFIX, unknownAnswerNote } from './unknown-answer';

const sdkText = (response: object): string => `${UNKNOWN_ANSWER_PREFIX}: ${JSON.stringify(response)}`;

describe('unknownAnswerNote: says what an answer to an unknown id is', () => {
  it('tells a late answer from one to an id never sent, and names a string id', () => {
    expect(unknownAnswerNote(sdkText({ jsonrpc: '2.0', id: 3, result: {} }), 10)).toBe('dropped a late or repeated answer (request 3, already settled)');
    expect(unknownAnswerNote(sdkText({ jsonrpc: '2.0', id: 100000, result: {} }), 10)).toBe('dropped an answer to an id it was never asked (100000)');
    expect(unknownAnswerNote(sdkText({ jsonrpc: '2.0', id: -1, error: { code: 1, message: 'x' } }), 10)).toBe('dropped an answer to an id it was never asked (-1)');
    expect(unknownAnswerNote(sdkText({ jsonrpc: '2.0', id: '7', result: {} }), 10)).toBe('dropped an answer whose id is a string ("7"): the ids it is asked with are numbers');
  });

  it('without the next id or a readable id, says only that it was never asked', () => {
    expect(unknownAnswerNote(sdkText({ jsonrpc: '2.0', id: 3, result: {} }), undefined)).toBe('dropped an answer to an id it was never asked (3)');
    expect(unknownAnswerNote(`${UNKNOWN_ANSWER_PREFIX}: {"id":1}`, 5)).toBe('dropped an answer to an id it was never asked');
  });
});
