export { RemotePage } from './RemotePage';
export { REMOTE_NAMES, type RemoteName } from './names';
