import { createConfig } from '../tooling/rspack';

export default createConfig({
  dir: __dirname,
  name: 'mf_storage',
  exposes: { './routes': './src/exposes/routes.tsx' },
  port: 3104,
  title: 'Magazzino',
});
