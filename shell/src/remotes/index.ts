export { RemotePage } from './RemotePage';
export { RemoteComponent, type RemoteComponentProps } from './RemoteComponent';
export { REMOTE_NAMES, type RemoteName } from './names';
