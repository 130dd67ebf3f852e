import { useState } from 'react';
import { API_ERRORS, useAuthStore } from 'shared-api';
import { CheckboxInput, Modal, notify } from 'shared-ui';
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

function TermsModal() {
  const logout = useLogout();
  const [privacyPolicy, setPrivacyPolicy] = useState(false);
  const [regulations, setRegulations] = useState(false);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [pending, setPending] = useState(false);

  async function accept() {
    setSubmitAttempted(true);
    if (!privacyPolicy || !regulations) return;
    setPending(true);
    try {
      await acceptTerms();
      notify.success(ACCEPTED);
      // The reload brings the portal back with the permissions the server now grants.
      reloadPage();
    } catch {
      notify.error("Errore durante l'invio, riprova");
      setPending(false);
    }
  }

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
          <CheckboxInput
            name="privacy_policy"
            label="Ho letto e accetto l'informativa sulla privacy"
            value={privacyPolicy}
            onChange={setPrivacyPolicy}
            required
            submitAttempted={submitAttempted}
          />
          <button type="button" className="shell-link-button" onClick={() => void downloadPdf(downloadPrivacyPolicy)}>
            Scarica l'informativa sulla privacy (PDF)
          </button>
        </div>
        <div className="shell-terms__item">
          <CheckboxInput
            name="regulations"
            label="Ho letto e accetto il regolamento del circolo"
            value={regulations}
            onChange={setRegulations}
            required
            submitAttempted={submitAttempted}
          />
          <button type="button" className="shell-link-button" onClick={() => void downloadPdf(downloadRegulations)}>
            Scarica il regolamento (PDF)
          </button>
        </div>
      </div>
    </Modal>
  );
}
