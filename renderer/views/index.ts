export { CatalogView } from './catalog/catalog-view';
export { DeviceLoginView } from './device-login/device-login-view';
export { ServiceView } from './service/service-view';
export { AgentsView } from './agents/agents-view';
export { ActivityView } from './activity/activity-view';
export { SettingsView } from './settings/settings-view';
export { AskDialog } from './asks/ask-dialog';
export { AccessView } from './access/access-view';
