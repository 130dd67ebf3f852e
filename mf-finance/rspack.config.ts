import { createConfig } from '../tooling/rspack';

export default createConfig({
  dir: __dirname,
  name: 'mf_finance',
  exposes: { './routes': './src/exposes/routes.tsx' },
  port: 3105,
  title: 'Finanza',
});
