export { IdTable, type Id } from './id-table';
export { LinkedList, type Linked } from './linked-list';
export { DelayList, type DelayClock, type Delayed } from './delay-list';
export { nestsDeeperThan } from './nesting';
