export { Emitter } from './emitter';
