/** Full page reload, kept in its own module: jsdom cannot reload, so the terms-gate test replaces it. */
export function reloadPage(): void {
  window.location.reload();
}
