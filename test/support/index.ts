export { FakeChild, spawnOf } from './fake-child';
export { ManualTimers } from './manual-timers';
