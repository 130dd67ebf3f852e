import { createConfig } from '../tooling/rspack';

// The host: no exposes, no remotes baked in (they come from /remotes.json at run time).
export default createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
});
