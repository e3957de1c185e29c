import { CheckingThread } from './checking-thread';

let shared: CheckingThread | undefined;

/** The process's one checking thread, started on its first check. */
export function checkingThread(): CheckingThread {
  shared ??= new CheckingThread({ log: (line) => process.emitWarning(line) });
  return shared;
}
