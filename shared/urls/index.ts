export { isLoopbackHttpHost } from './loopback-http';
