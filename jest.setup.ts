import '@testing-library/jest-dom';
import { preloadDateTimePickers } from './shared-ui/src/inputs/lazy-pickers';

// Date and time pickers load on demand in the browser; tests start with them loaded, as after the shell's
// idle-time preload (lazy-pickers.test.tsx covers the loading itself).
beforeAll(() => preloadDateTimePickers());
