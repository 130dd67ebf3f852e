import { Fragment, Suspense, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { holdsAny, useAuthStore } from 'shared-api';
import type { SlotEntry, SlotName, SlotProps } from 'shared-ui';
import type { RemoteName } from './names';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadSlot, loadSlotOfferers } from './runtime';

/** The notice in place of a slot whose app cannot be loaded or whose block throws (the rest of the page works). */
export const SLOT_FAILURE_TITLE = 'Sezione non disponibile.';
export const SLOT_FAILURE_TEXT = 'Questa parte della pagina non si è caricata: il resto funziona. Riprova tra qualche istante.';

/** Where an app's placeholder or notice goes while its entries are unknown: after every block whose order is known. */
const UNKNOWN_ORDER = Number.MAX_SAFE_INTEGER;

/**
 * How many blocks a slot showed this user last time (issue 44 item 10): while its apps load, the slot shows that many
 * placeholders, so the blocks arriving do not push down what follows (the home page's section grid). Only a count,
 * kept in this browser.
 */
/**
 * Placeholders on a first visit (nothing remembered yet): the club's set offers a member five home blocks and the
 * staff seven; six fill two rows of a laptop's four columns, so neither pushes the page down there.
 */
const FIRST_VISIT_BLOCKS = 6;

const hintKey = (slot: string, user: string) => `shell.slot.${slot}.${user}`;

function readHint(slot: string, user: string | undefined): number | null {
  if (!user) return null;
  try {
    const kept = localStorage.getItem(hintKey(slot, user));
    return kept === null ? null : Math.min(Number(kept) || 0, 12);
  } catch {
    return null;
  }
}

function writeHint(slot: string, user: string | undefined, count: number): void {
  if (!user) return;
  try {
    localStorage.setItem(hintKey(slot, user), String(count));
  } catch {
    // Storage refused (private mode, quota): the next visit reserves as a first one.
  }
}

/** A block-sized card while a slot loads: it reserves the block's space, so the page does not jump when it arrives. */
function Placeholder() {
  return (
    <section className="shell-card shell-slot-placeholder" aria-busy="true">
      <p role="status">Caricamento in corso...</p>
    </section>
  );
}

function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="shell-remote-error shell-remote-error--inline shell-slot-notice" role="alert" data-testid="slot-fallback">
      <h3 className="shell-remote-error__title">{SLOT_FAILURE_TITLE}</h3>
      <p className="shell-remote-error__text">{SLOT_FAILURE_TEXT}</p>
      <button type="button" className="ui-btn ui-btn--primary" onClick={onRetry}>
        Riprova
      </button>
    </section>
  );
}

/** One entry behind its own error boundary and Suspense placeholder (an entry may load its code lazily). */
function SlotBlock<N extends SlotName>({ remote, entry, props }: { remote: RemoteName; entry: SlotEntry<N>; props: SlotProps[N] }) {
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const { Component } = entry;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} inline title={SLOT_FAILURE_TITLE} text={SLOT_FAILURE_TEXT} onRetry={retry}>
      <Suspense fallback={<Placeholder />}>
        <Component {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

export interface SlotProperties<N extends SlotName> {
  name: N;
  props: SlotProps[N];
}

/**
 * Renders what the composed set offers for a slot of a shell page (docs/releases.md): every app's './{name}' entries
 * the user may see (their permissions checked as the route table's), in ascending `order` (ties: the app's name),
 * straight into the page's grid. The apps load in parallel, placeholders keeping the blocks' room until every app's
 * entries are known (then each block reads its own data); an app that fails to load, or an entry that throws, leaves
 * a short notice with 'Riprova' in its place.
 */
export function Slot<N extends SlotName>({ name, props }: SlotProperties<N>) {
  const permissions = useAuthStore((s) => s.permissions);
  const [attempts, setAttempts] = useState<Record<string, number>>({});
  const offerers = useQuery({ queryKey: ['shell', 'slot-offerers', name], queryFn: () => loadSlotOfferers(name), staleTime: Infinity, retry: false });
  const remotes = offerers.data ?? [];
  const modules = useQueries({
    queries: remotes.map((remote) => {
      const attempt = attempts[remote] ?? 0;
      return {
        queryKey: ['shell', 'slot', name, remote, attempt],
        queryFn: () => loadSlot(remote, name, attempt),
        staleTime: Infinity,
        retry: false,
      };
    }),
  });

  const user = useAuthStore((s) => s.user?._id);
  const hint = readHint(name, user);
  const items: { key: string; order: number; remote: string; node: ReactNode }[] = [];
  remotes.forEach((remote, i) => {
    const module = modules[i]!;
    if (module.isError) {
      const retry = () => setAttempts((a) => ({ ...a, [remote]: (a[remote] ?? 0) + 1 }));
      items.push({ key: `${remote}:failed`, order: UNKNOWN_ORDER, remote, node: <LoadFailure onRetry={retry} /> });
    } else if (module.isSuccess) {
      for (const entry of module.data.filter((e) => holdsAny(permissions, e.permissions))) {
        items.push({ key: `${remote}:${entry.id}`, order: entry.order, remote, node: <SlotBlock remote={remote} entry={entry} props={props} /> });
      }
    }
  });
  // Every app's entries known (or failed): how many blocks to reserve next time.
  const settled = offerers.isSuccess && modules.every((m) => !m.isPending);
  const count = settled ? items.length : null;
  useEffect(() => {
    if (count !== null) writeHint(name, user, count);
  }, [name, user, count]);

  if (offerers.isError) return <LoadFailure onRetry={() => void offerers.refetch()} />;
  // While apps load, placeholders only, as many as blocks were shown last time (FIRST_VISIT_BLOCKS on a first visit):
  // the blocks then take their places all at once. Arriving app by app, they were sorted in before the placeholders
  // left of the others, and every placeholder moved to another cell of the grid each time.
  if (!settled) {
    return (
      <>
        {Array.from({ length: Math.max(hint ?? FIRST_VISIT_BLOCKS, 1) }, (_, i) => (
          <Placeholder key={i} />
        ))}
      </>
    );
  }
  items.sort((a, b) => a.order - b.order || a.remote.localeCompare(b.remote));
  return (
    <>
      {items.map((item) => (
        <Fragment key={item.key}>{item.node}</Fragment>
      ))}
    </>
  );
}
