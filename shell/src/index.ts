// The shell is a plain bundle: the federation runtime loads with the first domain page (remotes/runtime.ts).
import './bootstrap';
import { registerServiceWorkerAfterPaint } from './pwa/register';

registerServiceWorkerAfterPaint();
