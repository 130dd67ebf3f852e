import { createConfig } from '../tooling/rspack';

export default createConfig({
  dir: __dirname,
  name: 'mf_booking',
  exposes: { './routes': './src/exposes/routes.tsx' },
  port: 3101,
  title: 'Prenotazioni',
});
