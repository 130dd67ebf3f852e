import { createConfig } from '../tooling/rspack';

export default createConfig({
  dir: __dirname,
  name: 'mf_certificates',
  exposes: { './routes': './src/exposes/routes.tsx' },
  port: 3103,
  title: 'Certificati',
});
