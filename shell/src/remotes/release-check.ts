/**
 * The page the server's health check opens in a headless browser after a release switch (issue 12):
 * /__release-check?remote=mf_registry&entry=<manifest URL> loads that version of the app through the shell's own
 * federation runtime and shared singletons, as a member's page would, and its './routes'; the result is written on
 * #root (data-release-check="ok" or "failed" with the error). No session needed: nothing of the app is rendered.
 */
export const RELEASE_CHECK_PATH = '/__release-check';

export async function runReleaseCheck(root: HTMLElement): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const remote = params.get('remote') ?? '';
  const entry = params.get('entry') ?? '';
  try {
    if (!/^[a-z_][a-z0-9_]*$/i.test(remote) || !entry) throw new Error('remote ed entry obbligatori');
    const { checkRemote } = await import(/* webpackChunkName: "federation" */ './federation');
    const pages = await checkRemote(remote, entry);
    root.dataset.releaseCheck = 'ok';
    root.textContent = `${remote}: ${pages} pagine`;
  } catch (err) {
    root.dataset.releaseCheck = 'failed';
    root.textContent = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
}
