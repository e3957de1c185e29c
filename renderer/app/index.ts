export { App } from './app';
export type { AppProps } from './app';
