import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { apiServer } from './shared-ui/src/testing/api-mock';
import { resetTestClock } from './shared-ui/src/testing/clock';
import { preloadDateTimePickers } from './shared-ui/src/inputs/lazy-pickers';
import { skipReactOwnerStacks } from './shared-ui/src/testing/owner-stacks';

// findBy… and waitFor wait up to 5 s instead of Testing Library's 1 s: jest runs beside the API and browser files on a
// busy 2-core machine, where a page's first render can take longer (a CI run of stop 33's code lost three
// BookingCalendar tests to the 1 s limit). A test that passes is not slowed; one that fails fails later.
configure({ asyncUtilTimeout: 5000 });

// No owner stacks for React's elements: no test reads them (shared-ui/src/testing/owner-stacks.ts).
skipReactOwnerStacks();

// No test reads the real date: Date starts at the configured instant (jest.config.cjs) before the test file loads
// (its module-level "today" included), and again at the start of each test (shared-ui/src/testing/clock.ts).
resetTestClock();
beforeEach(() => resetTestClock());

// Date and time pickers load on demand in the browser; tests start with them loaded, as after the shell's
// idle-time preload (lazy-pickers.test.tsx covers the loading itself).
beforeAll(() => preloadDateTimePickers());

// The API mock (msw): a request no test answered fails the test instead of reaching the network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => apiServer.resetHandlers());
afterAll(() => apiServer.close());
