import { useForm } from 'react-hook-form';
import type { SelfCertification } from 'shared-api';
import { CheckboxInput, MONTH_NAMES, Modal, downloadWithToasts, fieldBinder } from 'shared-ui';
import { downloadSelfCertification } from '../api';

/** The PDF of a self-certification, with the optional 'show total amounts' (spec 002 §2). */
export function PdfDownloadDialog({ certification, onClose }: { certification: SelfCertification; onClose: () => void }) {
  // One choice, nothing to check.
  const form = useForm<{ showTotals: boolean }>({ defaultValues: { showTotals: false } });
  const pending = form.formState.isSubmitting;

  const run = form.handleSubmit(async ({ showTotals }) => {
    if (await downloadWithToasts(() => downloadSelfCertification(certification, showTotals))) onClose();
  });

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
        {...fieldBinder(form, false)('showTotals')}
        label="Mostra importi totali"
        hint="Aggiunge al documento il totale dei compensi dell'anno"
      />
    </Modal>
  );
}
