export { App } from './app';
export type { AppProps } from './app';
export { WebRoot } from './web-root';
export type { WebApi, WebRootProps } from './web-root';
