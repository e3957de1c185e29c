export { ToolPins } from './pins';
export type { Listing, PinEvent, PinsEvents, PinsOptions } from './pin-events';
export { toolDigest, promptDigest } from './digest';
export { wordDiff } from './word-diff';
export { toolChanges, promptChanges } from './schema-diff';
