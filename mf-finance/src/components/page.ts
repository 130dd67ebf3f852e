/** What every finance list page passes to shared-ui's PageLayout: the section name and this app's build label. */
export const FINANCE_PAGE = {
  section: 'Finanza',
  // Set at build time (tooling/rspack.ts) so a deployment can show which build of this app is running.
  buildLabel: process.env.BUILD_LABEL,
};
