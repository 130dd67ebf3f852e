/**
 * Built for Node with the shell (rspack.config.ts) and run once at build time: the sign-in page's markup, put into
 * login.html so /login paints before any script runs. The browser then hydrates the same tree (index.tsx).
 */
import { renderToString } from 'react-dom/server';
import { SignInPage } from './SignInPage';

export function render(): string {
  return renderToString(<SignInPage openPortal={() => undefined} />);
}
