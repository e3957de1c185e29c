import { describe, expect, it } from 'vitest';
import { checkFields, fieldsOf } from './input-round-model';

const fields = (window: string, quiet: string, gather: string) => ({ inputRoundWindowMs: window, inputRoundQuietMs: quiet, inputRoundGatherMaxMs: gather });

describe('the answer times in seconds', () => {
  it('shows the settings file\'s ms as seconds, a left-out one as an empty field', () => {
    expect(fieldsOf({ inputRoundWindowMs: 90_000, inputRoundQuietMs: 250 })).toEqual(fields('90', '0.25', ''));
  });

  it('saves whole ms, an empty field as null (the default)', () => {
    expect(checkFields(fields('1', '0', '60'))).toEqual({ payload: { inputRoundWindowMs: 1_000, inputRoundQuietMs: 0, inputRoundGatherMaxMs: 60_000 }, errors: {} });
    expect(checkFields(fields(' 3600 ', '0.25', ''))).toEqual({ payload: { inputRoundWindowMs: 3_600_000, inputRoundQuietMs: 250, inputRoundGatherMaxMs: null }, errors: {} });
    expect(checkFields(fields('', '', '')).payload).toEqual({ inputRoundWindowMs: null, inputRoundQuietMs: null, inputRoundGatherMaxMs: null });
  });

  it('refuses each value outside its bounds with the range in seconds', () => {
    const { errors } = checkFields(fields('0.5', '5.001', '61'));
    expect(errors).toEqual({
      inputRoundWindowMs: 'Enter a number from 1 to 3600 seconds, or leave it empty for the default.',
      inputRoundQuietMs: 'Enter a number from 0 to 5 seconds, or leave it empty for the default.',
      inputRoundGatherMaxMs: 'Enter a number from 0 to 60 seconds, or leave it empty for the default.',
    });
    for (const bad of ['3601', '-1', 'abc', '1e3', '1,5', '0x10']) expect(checkFields(fields(bad, '', '')).errors.inputRoundWindowMs, bad).toContain('from 1 to 3600 seconds');
  });

  it('refuses a longest gathering below the wait for more questions', () => {
    expect(checkFields(fields('', '3', '2')).errors).toEqual({ inputRoundGatherMaxMs: 'Must be at least the wait for more questions (3 seconds).' });
    expect(checkFields(fields('', '3', '3')).errors).toEqual({});
    // An empty field is its default: 2 s of gathering is below a wait of 3 s, a gathering of 0.1 s below the default wait.
    expect(checkFields(fields('', '3', '')).errors).toEqual({ inputRoundGatherMaxMs: 'Its default (2 seconds) is below the wait for more questions: set it to at least 3 seconds.' });
    expect(checkFields(fields('', '', '0.1')).errors).toEqual({ inputRoundGatherMaxMs: 'Must be at least the wait for more questions (0.25 seconds).' });
  });
});
