import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The search box's text, starting from the query string's `key` (null: not kept there) and following it when the
 * address changes under the table (Back or Forward to another search).
 */
export function useUrlSearch(key: string | null): [string, (text: string) => void] {
  const [params] = useSearchParams();
  const fromUrl = key ? (params.get(key) ?? '') : '';
  const [search, setSearch] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (fromUrl !== seen) {
    // Adjusting state while rendering (React's pattern for state derived from a changed input).
    setSeen(fromUrl);
    setSearch(fromUrl);
  }
  return [search, setSearch];
}

/** Writes the settled search into the query string's `key`, replacing the entry (as the shift search writes its filters). */
export function useSearchIntoUrl(key: string | null, q: string): void {
  const [, setParams] = useSearchParams();
  const written = useRef(q);
  useEffect(() => {
    if (!key || q === written.current) return;
    written.current = q;
    setParams(
      (current) => {
        if ((current.get(key) ?? '') === q) return current;
        const next = new URLSearchParams(current);
        if (q) next.set(key, q);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [key, q, setParams]);
}
