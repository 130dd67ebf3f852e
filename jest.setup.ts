import '@testing-library/jest-dom';
import { apiServer } from './shared-ui/src/testing/api-mock';
import { resetTestClock } from './shared-ui/src/testing/clock';
import { preloadDateTimePickers } from './shared-ui/src/inputs/lazy-pickers';

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
