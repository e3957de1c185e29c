import { AsyncEntry } from '@napi-rs/keyring';
import { performKeychainRequest } from './keychain-request';

// Entry of the keychain utility process (utilityProcess.fork): one request in, one reply out. The
// parent kills the process once it has the reply, or when the keychain does not answer in time.
process.parentPort.once('message', (event) => {
  void performKeychainRequest(event.data, AsyncEntry, process.platform).then((reply) => process.parentPort.postMessage(reply));
});
