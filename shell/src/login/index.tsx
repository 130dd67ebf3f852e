/**
 * The entry of /login (login.html, whose markup and critical CSS the server sends): the style sheet, and React only
 * after the browser has painted that markup. The page then paints as a static page does, whatever the size of the
 * script; login.html preloads the script (tooling/prerender.ts), so it downloads meanwhile.
 */
import 'shared-ui/styles.css';
import '../styles/shell.css';
import { registerServiceWorkerAfterPaint } from '../pwa/register';

requestAnimationFrame(() => setTimeout(() => void import(/* webpackChunkName: "sign-in" */ './hydrate')));
registerServiceWorkerAfterPaint();
