import { useState } from 'react';
import type { SelfCertification } from 'shared-api';
import { CheckboxInput, MONTH_NAMES, Modal, TABLE_MESSAGES, notify } from 'shared-ui';
import { downloadSelfCertification } from '../api';

/** The PDF of a self-certification, with the optional 'show total amounts' (spec 002 §2). */
export function PdfDownloadDialog({ certification, onClose }: { certification: SelfCertification; onClose: () => void }) {
  const [showTotals, setShowTotals] = useState(false);
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await downloadSelfCertification(certification, showTotals);
      notify.success(TABLE_MESSAGES.downloadSuccess);
      onClose();
    } catch {
      notify.error(TABLE_MESSAGES.downloadError);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      size="sm"
      title="Scarica autocertificazione"
      onClose={onClose}
      closeDisabled={pending}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose} disabled={pending}>
            Annulla
          </button>
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => void run()} disabled={pending} aria-busy={pending || undefined}>
            Scarica PDF
          </button>
        </>
      }
    >
      <p>
        {certification.user.surname} {certification.user.name} · {MONTH_NAMES[certification.month - 1]} {certification.year}
      </p>
      <CheckboxInput
        name="showTotals"
        label="Mostra importi totali"
        value={showTotals}
        onChange={setShowTotals}
        hint="Aggiunge al documento il totale dei compensi dell'anno"
      />
    </Modal>
  );
}
