import { useEffect, useSyncExternalStore } from 'react';

/**
 * Holding a release update (issue 12): when the platform puts a new version of the current page's app live, the
 * shell offers 'Aggiorna', and the switch reloads the page. A domain app whose page has unsaved input holds the
 * switch until the input is saved or dropped. shared-ui is a singleton of the federation, so the shell and every
 * domain app see the same holds.
 */
const holds = new Map<symbol, string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Holds the switch to a new release; call the answer to let it go (idempotent). `reason` is shown to the user. */
export function holdUpdate(reason = 'Ci sono modifiche non salvate in questa pagina.'): () => void {
  const key = Symbol('update-hold');
  holds.set(key, reason);
  notify();
  return () => {
    if (holds.delete(key)) notify();
  };
}

/** Why the switch is held (the first reason), or null when nothing holds it. */
export function updateHoldReason(): string | null {
  const [first] = holds.values();
  return first ?? null;
}

export function subscribeUpdateHolds(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Holds the switch while `dirty` is true (e.g. react-hook-form's formState.isDirty), with the reason shown. */
export function useHoldUpdate(dirty: boolean, reason?: string): void {
  useEffect(() => (dirty ? holdUpdate(reason) : undefined), [dirty, reason]);
}

/** The current hold's reason, re-rendering when holds change (the shell's update offer reads it). */
export function useUpdateHoldReason(): string | null {
  return useSyncExternalStore(subscribeUpdateHolds, updateHoldReason, updateHoldReason);
}
