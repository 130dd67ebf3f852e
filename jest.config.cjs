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
  transform: { '^.+\\.(t|j)sx?$': swc },
  // ESM-only packages that jest must transform
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(date-fns|react-datepicker|@floating-ui|codice-fiscale-js))'],
  moduleNameMapper: { '\\.(css)$': 'identity-obj-proxy' },
  setupFilesAfterEnv: environment !== 'node' ? ['<rootDir>/../jest.setup.ts'] : [],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});
module.exports = {
  projects: ['shared-api', 'shared-ui', 'shell', 'mf-registry', 'mf-booking', 'mf-certificates', 'mf-storage', 'mf-finance'].map((n) =>
    project(n),
  ),
};
