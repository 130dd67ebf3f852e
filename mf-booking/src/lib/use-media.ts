import { useEffect, useState } from 'react';

/** Whether a media query matches now, following changes (phone widths, the calendar's short day names). */
export function useMedia(query: string): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** Phones (spec 000 §9: touch and layout breakpoint 768). */
export const MOBILE_QUERY = '(max-width: 768px)';
