import type { Key, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * How many items a home block lists (issue 44 item 10): three one-line items, a line below them and the link to the
 * full page fit a home block's reserved height (the shell's 240 px, e2e home.test.ts), so a block never grows when its
 * data arrives and pushes the page's section grid down. The others are counted in the link.
 */
export const HOME_LIST_LIMIT = 3;

/** How many of a list's items a home block leaves to the full page (none before the list arrives). */
export const homeListHidden = (items: readonly unknown[] | undefined): number => Math.max(0, (items?.length ?? 0) - HOME_LIST_LIMIT);

export interface HomeListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** The item's line: what does not fit the block's width ends in an ellipsis. */
  children: (item: T) => ReactNode;
  /** What follows the line and is never cut (an amount, a place in line, a link). */
  tail?: (item: T) => ReactNode;
}

/** A home block's list: the first HOME_LIST_LIMIT items, one line each. */
export function HomeList<T>({ items, itemKey, children, tail }: HomeListProps<T>) {
  return (
    <ul className="shell-home__list shell-home__list--lines">
      {items.slice(0, HOME_LIST_LIMIT).map((item) => (
        <li key={itemKey(item)}>
          <span className="shell-home__line">{children(item)}</span>
          {/* The space reads between line and tail (a flex container does not render it: the list's gap spaces them). */}
          {tail && ' '}
          {tail && <span className="shell-home__tail">{tail(item)}</span>}
        </li>
      ))}
    </ul>
  );
}

export interface HomeMoreLinkProps {
  /** The full page. */
  to: string;
  /** The link's text when the block lists everything (e.g. 'Gestione certificati'). */
  label: string;
  /** How many items the block leaves out (homeListHidden). */
  hidden: number;
  /** The link's text when it leaves some out, in Italian with its plural (e.g. '+ altri 4 certificati da approvare'). */
  others: (hidden: number) => string;
}

/** The link from a home block to its full page, with the count of what the block leaves out. */
export function HomeMoreLink({ to, label, hidden, others }: HomeMoreLinkProps) {
  return <Link to={to}>{hidden > 0 ? others(hidden) : label}</Link>;
}
