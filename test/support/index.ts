export { FakeChild, spawnOf } from './fake-child';
