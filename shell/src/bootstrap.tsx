import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'shared-ui/styles.css';
import './styles/shell.css';
import { App } from './app/App';
import { createQueryClient } from 'shared-api';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={createQueryClient()} />
  </StrictMode>,
);

