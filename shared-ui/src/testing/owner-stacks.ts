import * as React from 'react';

/**
 * React's development build (the one act() needs) captures an Error for every element it creates, up to 10,000
 * between two renders: the element's "owner stack", which only dev warnings and DevTools read. Past that limit React
 * hands every element one shared placeholder stack. The unit tests read no owner stack, and building these Errors was
 * a tenth of jest's CPU (the date picker's calendar, the tables, re-rendered at each key typed): jest.setup.ts calls
 * this so React's count reads as always past the limit.
 */
export function skipReactOwnerStacks(): void {
  const internals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Infinity, set: () => undefined });
}
