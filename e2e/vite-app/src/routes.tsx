import { PageLayout } from 'shared-ui';

/** The page this Vite-built app shows (through the shell's React and shared-ui: one instance of each). */
function ViteSection() {
  return (
    <PageLayout section="Magazzino" title="Sezione costruita con Vite">
      <p>Questa sezione arriva da una build Vite con @module-federation/vite.</p>
    </PageLayout>
  );
}

const routes = { '/storage/management': ViteSection };
export default routes;
