export { loadMain } from './load-main';
