/** Replaced at bundle time; the source build reports the development version. */
declare const __CONNECTED_SERVICES_VERSION__: string | undefined;

export const VERSION: string =
  typeof __CONNECTED_SERVICES_VERSION__ === 'string' ? __CONNECTED_SERVICES_VERSION__ : '0.0.0-dev';
