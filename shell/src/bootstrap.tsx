import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'shared-ui/styles.css';
import './styles/shell.css';
import { App } from './app/App';
import { createQueryClient } from 'shared-api';

const root = document.getElementById('root')!;
if (window.location.pathname === '/__release-check') {
  // The server's headless check of a new release (remotes/release-check.ts), not a page for people.
  void import(/* webpackChunkName: "release-check" */ './remotes/release-check').then((m) => m.runReleaseCheck(root));
} else {
  createRoot(root).render(
    <StrictMode>
      <App client={createQueryClient()} />
    </StrictMode>,
  );
}
