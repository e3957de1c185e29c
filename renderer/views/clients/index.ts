export { ConnectClientDialog } from './connect-client-dialog';
export { RemoveClientEntries } from './remove-client-entries';
