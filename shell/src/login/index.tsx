/**
 * The entry of /login (login.html, whose markup and critical CSS the server sends): the style sheet, and React only
 * after the browser has painted that markup. The page then paints as a static page does, whatever the size of the
 * script; login.html's inline script preloads it from that same moment (tooling/prerender.ts), without waiting for
 * this entry to arrive and run.
 */
import 'shared-ui/styles.css';
import '../styles/shell.css';
import { afterFirstPaint } from '../first-paint';
import { registerServiceWorkerAfterPaint } from '../pwa/register';

afterFirstPaint(() => void import(/* webpackChunkName: "sign-in" */ './hydrate'));
registerServiceWorkerAfterPaint();
