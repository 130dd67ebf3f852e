import { lazy, Suspense, useEffect, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import type { DomainRoutes } from 'shared-ui';
import type { RemoteName } from './names';
import { reportClientError } from './error-reports';
import { RemoteErrorBoundary, RemoteLoadError } from './RemoteErrorBoundary';
import { loadDomainRoutes } from './runtime';
import { UpdateOffer } from './updates';

type DomainPage = ComponentType<{ path: string }>;

interface LoadedRemote {
  attempt: number;
  Page: LazyExoticComponent<DomainPage>;
}

// One lazy component per remote and attempt: React.lazy remembers a rejection for ever, so a retry needs a new one.
const loaded = new Map<RemoteName, LoadedRemote>();

function lazyDomainPage(remote: RemoteName, attempt: number): LazyExoticComponent<DomainPage> {
  return lazy(async () => {
    let routes: DomainRoutes;
    try {
      routes = await loadDomainRoutes(remote, attempt);
    } catch (err) {
      throw new RemoteLoadError(remote, err);
    }
    function RoutedDomainPage({ path }: { path: string }) {
      const Page = routes[path];
      return Page ? <Page /> : <SectionNotAvailable />;
    }
    return { default: RoutedDomainPage };
  });
}

function current(remote: RemoteName): LoadedRemote {
  let entry = loaded.get(remote);
  if (!entry) {
    entry = { attempt: 0, Page: lazyDomainPage(remote, 0) };
    loaded.set(remote, entry);
  }
  return entry;
}

function reload(remote: RemoteName): void {
  const attempt = current(remote).attempt + 1;
  loaded.set(remote, { attempt, Page: lazyDomainPage(remote, attempt) });
}

/** Forgets every loaded remote (tests start each case from a cold shell). */
export function resetLoadedRemotes(): void {
  loaded.clear();
}

function SectionNotAvailable() {
  return (
    <section className="shell-remote-unavailable" data-testid="remote-unavailable">
      <h2>Questa sezione non è ancora disponibile.</h2>
      <p>Stiamo lavorando per renderla disponibile al più presto.</p>
    </section>
  );
}

function RemoteLoading() {
  return (
    <p className="shell-remote-loading" role="status" data-testid="remote-loading">
      Caricamento della sezione in corso...
    </p>
  );
}

interface Props {
  remote: RemoteName;
  /** Full route path of spec 000 §2.1: the key of the page in the app's DomainRoutes. */
  path: string;
}

/** Mounts the page a domain app exposes for `path`, with loading text and an error boundary with retry. */
export function RemotePage({ remote, path }: Props) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { attempt, Page } = current(remote);
  // A promise the domain app's code left rejected while its route is open: reported as that app's.
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => reportClientError(remote, 'rejection', event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [remote]);
  return (
    <>
      <UpdateOffer remote={remote} />
      <RemoteErrorBoundary
        key={attempt}
        remote={remote}
        onRetry={(loadFailed) => {
          if (loadFailed) reload(remote);
          rerender();
        }}
      >
        <Suspense fallback={<RemoteLoading />}>
          <Page path={path} />
        </Suspense>
      </RemoteErrorBoundary>
    </>
  );
}
