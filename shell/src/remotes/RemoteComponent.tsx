import { lazy, Suspense, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from './names';
import { RemoteErrorBoundary, RemoteLoadError } from './RemoteErrorBoundary';
import { loadRemoteComponent } from './runtime';

interface LoadedComponent {
  attempt: number;
  // The props are the caller's; the map holds components of every remote and module.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- narrowed back to the caller's P in RemoteComponent
  Component: LazyExoticComponent<ComponentType<any>>;
}

// One lazy component per exposed module and attempt: React.lazy remembers a rejection for ever, so a retry needs a new one.
const loaded = new Map<string, LoadedComponent>();

function lazyComponent(remote: RemoteName, exposed: string, attempt: number): LoadedComponent['Component'] {
  return lazy(async () => {
    try {
      return { default: await loadRemoteComponent(remote, exposed, attempt) };
    } catch (err) {
      throw new RemoteLoadError(remote, err);
    }
  });
}

function current(remote: RemoteName, exposed: string): LoadedComponent {
  const key = `${remote}/${exposed}`;
  let entry = loaded.get(key);
  if (!entry) {
    entry = { attempt: 0, Component: lazyComponent(remote, exposed, 0) };
    loaded.set(key, entry);
  }
  return entry;
}

function reload(remote: RemoteName, exposed: string): void {
  const attempt = current(remote, exposed).attempt + 1;
  loaded.set(`${remote}/${exposed}`, { attempt, Component: lazyComponent(remote, exposed, attempt) });
}

/** Forgets every loaded component (tests start each case from a cold shell). */
export function resetLoadedComponents(): void {
  loaded.clear();
}

export interface RemoteComponentProps<P extends object> {
  remote: RemoteName;
  /** The module the app exposes, without './' (e.g. 'profile-card'). */
  exposed: string;
  /** Handed to the component as they are: the contract between the shell and the app (shared-ui's federation types). */
  props: P;
  /** Says what is loading, e.g. 'Caricamento del certificato medico in corso...'. */
  loadingText: string;
  /** What the member reads when the app cannot be loaded or the component throws; 'Riprova' loads it again. */
  failureTitle: string;
  failureText: string;
}

/**
 * A component a domain app exposes, rendered inside a shell page (DESIGN §1: the shell keeps no domain code):
 * a loading text, then the component; an app that cannot be loaded, or a component that throws, leaves the
 * failure text with 'Riprova' in its place and the rest of the page working.
 */
export function RemoteComponent<P extends object>({ remote, exposed, props, loadingText, failureTitle, failureText }: RemoteComponentProps<P>) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { attempt, Component } = current(remote, exposed);
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      inline
      title={failureTitle}
      text={failureText}
      onRetry={(loadFailed) => {
        if (loadFailed) reload(remote, exposed);
        rerender();
      }}
    >
      <Suspense
        fallback={
          <p className="shell-remote-loading shell-remote-loading--inline" role="status">
            {loadingText}
          </p>
        }
      >
        <Component {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
