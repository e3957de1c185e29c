/** MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865): what tools and resources say of apps, their addresses through the bridge, and the policies an app's document is served with. */
export { APPS_EXTENSION, APP_MIME_TYPE, toolApp, isAppOnly, isVisibleToApps, resourceApp } from './ui-meta';
export type { ToolApp, AppVisibility, ResourceApp, AppCspDomains, AppPermission } from './ui-meta';
export { toBridgeAddress, fromBridgeAddress, withBridgeAddresses } from './ui-address';
export { appCsp, isAllowedSource, isNumericHost } from './app-csp';
export { AppShelf, DEFAULT_MAX_APP_BYTES, type AppDocument, type AppShelfOptions } from './app-shelf';
export { APP_PERMISSIONS, requestedPermissions, grantedPermissions, appPermissionsPolicy, appFrameAllow } from './app-permissions';
export { declaredSources, withinSources } from './declared-sources';
export { keptSources, localSourcesOnly, type AppServerPlace } from './local-sources';
