export { minimalEnv, INHERITED_ENV_VARS } from './minimal-env';
