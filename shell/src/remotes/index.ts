export { RemotePage } from './RemotePage';
export { RemoteComponent, type RemoteComponentProps } from './RemoteComponent';
export { REMOTE_NAMES, type RemoteName } from './names';
export { Slot, SLOT_FAILURE_TEXT, SLOT_FAILURE_TITLE } from './Slot';
