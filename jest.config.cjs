/** One jest run for every front-end package and the shared contract (server and browser tests use node:test). */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
// The tests' time zone, whatever the machine's: the club's dates are shown on Rome's clock from any browser zone.
process.env.TZ = 'UTC';
/**
 * The instant every test starts at, its "today": the test kit's (test-kit/src/test-now.json, a Wednesday morning in
 * Rome), as the server and browser suites (shared-ui/src/testing/clock.ts).
 */
// TEST_NOW=<ISO instant> runs the suites on another day (an edge: a Sunday night, 31 December, a DST weekend).
const TEST_NOW = Date.parse(process.env.TEST_NOW || require('./test-kit/src/test-now.json').default);
const packages = ['shared-api', 'shared-ui', 'shell', ...require('./shared-api/src/domain-apps.json').map((app) => app.folder)];
module.exports = {
  // One project for every package: jest keys its transform cache (on disk and in each worker's memory) by the project's
  // configuration, so as eight projects the files they share (shared-ui, shared-api, react-datepicker, msw…) were
  // transformed and written to the cache once per project: on CI's empty cache a third of jest's transforms and writes.
  roots: packages.map((name) => `<rootDir>/${name}`),
  testMatch: packages.map((name) => `<rootDir>/${name}/src/**/*.test.ts?(x)`),
  // jest-environment.mjs: happy-dom plus Node's fetch, Response, Headers, FormData, Blob (tests mock fetch at the network
  // boundary), as jest-fixed-jsdom gave jsdom: the same suites in less CPU (docs/decisions.md, 'jest on happy-dom'). A
  // suite that needs jsdom names it in its docblock (`@jest-environment jest-fixed-jsdom`, with the reason).
  testEnvironment: '<rootDir>/jest-environment.mjs',
  // jest's runtime keeping V8's code cache of each module across a worker's test files (jest-runtime.cjs): each file
  // still loads and runs every module afresh, without compiling it again. JEST_CODE_CACHE=0 runs jest's own runtime.
  ...(process.env.JEST_CODE_CACHE === '0' ? {} : { runtime: '<rootDir>/jest-runtime.cjs' }),
  transform: { '^.+\\.(m?[tj]sx?)$': swc },
  // ESM-only packages that jest must transform (until-async, a dependency of msw), and every .mjs file (msw's other
  // ESM-only dependencies). date-fns, react-datepicker, @floating-ui and codice-fiscale-js resolve to their CommonJS or
  // UMD files under jest's conditions: run as they are, not transformed.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?until-async)(?!.*\\.mjs$)'],
  moduleNameMapper: {
    '\\.(css)$': 'identity-obj-proxy',
    // The same components without the 100-rule style sheet react-toastify injects into the page: jsdom matched it
    // against every element each test asks by role or clicks (getComputedStyle), a third of the page tests' time.
    // It sets no display or visibility, so nothing a test can see changes.
    '^react-toastify$': 'react-toastify/unstyled',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // The default of every jest.useFakeTimers(): the fixed instant, not the real date.
  fakeTimers: { now: TEST_NOW },
  // This machine has two cores: one worker each (jest's default leaves one core to itself).
  maxWorkers: 2,
  // A test's time limit, one for every file: a ceiling for a test that hangs, not a measure of speed. Page tests run
  // beside the API and browser suites at 100% CPU, and on a slow machine of two cores a page test of 1-3 s alone took
  // over 30 s (a CI run of 34 minutes here: three tests of mf-finance failed on 20 and 30 s limits they set themselves,
  // one of them only because the test before it timed out and went on typing into the next one's form).
  testTimeout: 120_000,
};
