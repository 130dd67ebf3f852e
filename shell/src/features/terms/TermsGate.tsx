import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { API_ERRORS, useAuthStore } from 'shared-api';
import { CheckboxInput, Modal, contractResolver, fieldBinder, notify } from 'shared-ui';
import { useLogout } from '../auth/use-logout';
import { reloadPage } from './reload-page';
import { acceptTerms, downloadPrivacyPolicy, downloadRegulations } from './api';

const ACCEPTED = 'I termini sono stati accettati correttamente. Ricarica la pagina manualmente se non venisse fatto automaticamente.';
const DOWNLOAD_ERROR = 'Errore durante il download del file. Assicurati che il file sia disponibile e riprova.';

async function downloadPdf(fetchPdf: () => Promise<string>) {
  try {
    await fetchPdf();
  } catch {
    notify.error(DOWNLOAD_ERROR);
  }
}

/**
 * The terms gate (spec 002 §2, §4, §8): blocks the portal for a signed-in user until privacy policy
 * and regulations are both accepted. It cannot be dismissed; the user can only accept or sign out.
 */
export function TermsGate() {
  const user = useAuthStore((s) => s.user);
  if (!user || user.has_accepted_terms) return null;
  return <TermsModal />;
}

interface TermsFormValues {
  privacy_policy: boolean;
  regulations: boolean;
}

function TermsModal() {
  const logout = useLogout();
  const [resolver] = useState(() => contractResolver<TermsFormValues>((c) => c.acceptTermsForm));
  const form = useForm<TermsFormValues>({ defaultValues: { privacy_policy: false, regulations: false }, resolver });
  const bind = fieldBinder(form, form.formState.isSubmitted);
  // After a successful acceptance the page reloads: the buttons stay disabled until it does.
  const [accepted, setAccepted] = useState(false);
  const pending = form.formState.isSubmitting || accepted;

  const accept = form.handleSubmit(async () => {
    try {
      await acceptTerms();
      setAccepted(true);
      notify.success(ACCEPTED);
      // The reload brings the portal back with the permissions the server now grants.
      reloadPage();
    } catch {
      notify.error("Errore durante l'invio, riprova");
    }
  });

  return (
    <Modal
      open
      title="Termini e condizioni"
      onClose={() => undefined}
      dismissible={false}
      footer={
        <div className="shell-dialog__actions">
          <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void logout()} disabled={pending}>
            Esci
          </button>
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => void accept()} disabled={pending}>
            Accetta
          </button>
        </div>
      }
    >
      <div className="shell-terms" data-testid="terms-gate">
        <p className="shell-terms__notice" role="alert">
          {API_ERRORS.TERMS_NOT_ACCEPTED.text}
        </p>
        <p>Per usare il portale del circolo leggi l'informativa sulla privacy e il regolamento, poi conferma di averli accettati.</p>
        <div className="shell-terms__item">
          <CheckboxInput {...bind('privacy_policy')} label="Ho letto e accetto l'informativa sulla privacy" required />
          <button type="button" className="shell-link-button" onClick={() => void downloadPdf(downloadPrivacyPolicy)}>
            Scarica l'informativa sulla privacy (PDF)
          </button>
        </div>
        <div className="shell-terms__item">
          <CheckboxInput {...bind('regulations')} label="Ho letto e accetto il regolamento del circolo" required />
          <button type="button" className="shell-link-button" onClick={() => void downloadPdf(downloadRegulations)}>
            Scarica il regolamento (PDF)
          </button>
        </div>
      </div>
    </Modal>
  );
}
