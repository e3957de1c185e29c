export { isAllowedHost, isAllowedOrigin, sameSecret, newSessionSecret, presentedSecret, bearerToken } from './request-guard';
