import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import { describe, expect, it } from 'vitest';
import { LOGGING_LEVELS } from './log-forwarding';

describe('LOGGING_LEVELS', () => {
  it("are the SDK's logging levels in its order (least severe first), without loading its schemas at start-up", () => {
    expect(LOGGING_LEVELS).toEqual(LoggingLevelSchema.options);
  });
});
