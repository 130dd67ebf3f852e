export { RemotePage, SectionNotAvailable, RemoteLoading, resetLoadedRemotes } from './RemotePage';
export { RemoteErrorBoundary, RemoteLoadError } from './RemoteErrorBoundary';
export { REMOTE_NAMES, type RemoteName } from './names';
export { fetchRemotesManifest, parseRemotesManifest, REMOTES_MANIFEST_URL, type RemotesManifest } from './manifest';
