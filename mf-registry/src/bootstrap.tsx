import { createRoot } from 'react-dom/client';
import { StandaloneHost } from 'shared-ui';
import 'shared-ui/styles.css';
import routes from './exposes/routes';

// Runs only on the app's own dev server; inside the portal the shell mounts './routes'.
createRoot(document.getElementById('root')!).render(<StandaloneHost title="Anagrafica" routes={routes} />);
