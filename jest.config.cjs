/** One jest run for every front-end package and the shared contract (server and browser tests use node:test). */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
// jest-fixed-jsdom: jsdom plus Node's fetch, Response, Headers, FormData, Blob (tests mock fetch at the network boundary).
const project = (name, environment = 'jest-fixed-jsdom') => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: environment,
  transform: { '^.+\\.(m?[tj]sx?)$': swc },
  // ESM-only packages that jest must transform, and every .mjs file (msw's dependencies are ESM only)
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(date-fns|react-datepicker|@floating-ui|codice-fiscale-js|until-async))(?!.*\\.mjs$)'],
  moduleNameMapper: { '\\.(css)$': 'identity-obj-proxy' },
  setupFilesAfterEnv: environment !== 'node' ? ['<rootDir>/../jest.setup.ts'] : [],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});
const domainApps = require('./shared-api/src/domain-apps.json').map((app) => app.folder);
module.exports = {
  projects: ['shared-api', 'shared-ui', 'shell', ...domainApps].map((n) => project(n)),
};
