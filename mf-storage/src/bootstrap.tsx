import { createRoot } from 'react-dom/client';
import routes from './exposes/routes';

const root = createRoot(document.getElementById('root')!);
root.render(<div>{Object.keys(routes).length} pagine</div>);
