import { describe, expect, it } from 'vitest';
import { formatWait, MAX_RETRY_AFTER_MS, parseHttpDate, parseRetryAfterHeader, retryAfterInJson, retryAfterOfValue } from './retry-after';

// An injected clock: Sun, 06 Nov 1994 08:49:37 GMT, the example date of RFC 9110 §5.6.7.
const NOW = Date.UTC(1994, 10, 6, 8, 49, 37);

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  it('takes delay-seconds', () => {
    expect(parseRetryAfterHeader('60', NOW)).toBe(60_000);
    expect(parseRetryAfterHeader(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfterHeader('120', NOW)).toBe(120_000);
  });

  it('takes an HTTP-date in each of its three forms, measured from the injected clock', () => {
    expect(parseRetryAfterHeader('Sun, 06 Nov 1994 08:50:37 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfterHeader('Sunday, 06-Nov-94 08:51:37 GMT', NOW)).toBe(120_000);
    expect(parseRetryAfterHeader('Sun Nov  6 08:49:47 1994', NOW)).toBe(10_000);
  });

  it('reads a two-digit year as the most recent past one (RFC 9110 §5.6.7)', () => {
    const in2030 = Date.UTC(2030, 0, 1);
    // "99" is 1999, not 2099 (more than 50 years ahead); "40" is 2040.
    expect(parseHttpDate('Friday, 31-Dec-99 23:59:59 GMT', in2030)).toBe(Date.UTC(1999, 11, 31, 23, 59, 59));
    expect(parseHttpDate('Sunday, 01-Jan-40 00:00:00 GMT', in2030)).toBe(Date.UTC(2040, 0, 1));
  });

  it('makes a date already past no wait', () => {
    expect(parseRetryAfterHeader('Sat, 05 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
  });

  it('caps a wait at a day', () => {
    expect(parseRetryAfterHeader('999999999', NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfterHeader('Thu, 01 Jan 2099 00:00:00 GMT', NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(86_400_000);
  });

  it('ignores what is neither: negative, fractional, words, loose dates, impossible dates', () => {
    for (const garbage of ['-5', '1.5', '1e3', 'soon', '60s', 'tomorrow', '2024-01-01T00:00:00Z', 'Sun, 31 Feb 1994 08:49:37 GMT', 'Sun, 06 Nov 1994 25:00:00 GMT', '', '   ']) {
      expect(parseRetryAfterHeader(garbage, NOW), garbage).toBeUndefined();
    }
    expect(parseRetryAfterHeader(null, NOW)).toBeUndefined();
    expect(parseRetryAfterHeader(undefined, NOW)).toBeUndefined();
  });
});

describe('a JSON retry_after (seconds)', () => {
  it('takes a number of seconds, a fraction too, or a string as the header has it', () => {
    expect(retryAfterOfValue(30, NOW)).toBe(30_000);
    expect(retryAfterOfValue(1.5, NOW)).toBe(1500);
    expect(retryAfterOfValue('45', NOW)).toBe(45_000);
  });

  it('ignores negative, non-finite and other values, and caps at a day', () => {
    for (const garbage of [-1, Number.NaN, Number.POSITIVE_INFINITY, null, true, {}, [], 'later']) {
      expect(retryAfterOfValue(garbage, NOW), JSON.stringify(garbage)).toBeUndefined();
    }
    expect(retryAfterOfValue(10 * 86_400, NOW)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('finds it at the top of a body, in its error, or in a JSON-RPC error data', () => {
    expect(retryAfterInJson({ retry_after: 60 }, NOW)).toBe(60_000);
    expect(retryAfterInJson({ error: { message: 'slow down', retry_after: 5 } }, NOW)).toBe(5000);
    expect(retryAfterInJson({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'rate limited', data: { retry_after: 7 } } }, NOW)).toBe(7000);
    expect(retryAfterInJson({ data: { retry_after: 2 } }, NOW)).toBe(2000);
  });

  it('finds nothing in a body without one, or in what is not an object', () => {
    for (const body of [undefined, null, 'retry_after', 60, [{ retry_after: 60 }], { retryAfter: 60 }, { retry_after: 'soon' }]) {
      expect(retryAfterInJson(body, NOW), JSON.stringify(body)).toBeUndefined();
    }
  });
});

describe('formatWait', () => {
  it('says seconds up to two minutes, then minutes, then hours, rounded up', () => {
    expect(formatWait(0)).toBe('0 s');
    expect(formatWait(1500)).toBe('2 s');
    expect(formatWait(60_000)).toBe('60 s');
    expect(formatWait(300_000)).toBe('5 min');
    expect(formatWait(MAX_RETRY_AFTER_MS)).toBe('24 h');
  });
});
