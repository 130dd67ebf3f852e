import { createConfig } from '../tooling/rspack';

export default createConfig({
  dir: __dirname,
  name: 'mf_registry',
  exposes: { './routes': './src/exposes/routes.tsx' },
  port: 3102,
  title: 'Anagrafica',
});
