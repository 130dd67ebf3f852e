import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { UPLOAD_RULES, type MedicalStatus } from 'shared-api';
import { FileInput, Modal, contractResolver, fieldBinder, formatDate, notify, type ProfileCardProps } from 'shared-ui';
import { CARD_MESSAGES, REQUEST_FORMS, downloadMyCertificate, downloadRequestForm, uploadMyCertificate } from '../api/medical-certificate';

/** How the profile names the member's medical status (spec 000 §4; the texts are ours, docs/decisions.md). */
export const STATUS_TEXTS: Record<MedicalStatus, string> = {
  not_uploaded: 'Non caricato',
  not_approved: 'In attesa di approvazione',
  approved: 'Approvato',
  expired: 'Scaduto',
};

/** Spec 000 §4: the upload button's tooltips. */
export const UPLOAD_TOOLTIPS: Partial<Record<MedicalStatus, string>> = {
  not_approved: 'Il certificato caricato è in attesa di approvazione',
  expired: 'Certificato scaduto, carica un nuovo certificato',
};

const rowStyle = { display: 'grid', gridTemplateColumns: 'minmax(140px, 40%) 1fr', gap: 12, margin: 0 } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={rowStyle}>
      <dt className="ui-muted">{label}</dt>
      <dd style={{ margin: 0, fontWeight: 500 }}>{children}</dd>
    </div>
  );
}

interface UploadFormValues {
  file: File[];
}

/** The contract's upload form of a medical certificate, loaded when first checked: the profile's card carries no zod. */
const uploadResolver = () => contractResolver<UploadFormValues>((contract) => contract.uploadForm(UPLOAD_RULES.certificate));

function UploadDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: () => Promise<void> }) {
  const [resolver] = useState(uploadResolver);
  const form = useForm<UploadFormValues>({ defaultValues: { file: [] }, resolver });
  const pending = form.formState.isSubmitting;

  async function upload({ file: [file] }: UploadFormValues) {
    if (!file) return;
    try {
      await uploadMyCertificate(file);
      await onUploaded();
      onClose();
    } catch {
      // The error toast said why; the chosen file stays for another try.
    }
  }

  const submit = form.handleSubmit(upload, () => {
    if (form.getValues('file').length === 0) notify.error(CARD_MESSAGES.fileMissing);
  });

  return (
    <Modal
      open
      title="Carica certificato medico"
      onClose={onClose}
      closeDisabled={pending}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose} disabled={pending}>
            Annulla
          </button>
          <button type="submit" form="medical-certificate-upload" className="ui-btn ui-btn--primary" disabled={pending}>
            Carica
          </button>
        </>
      }
    >
      <form id="medical-certificate-upload" onSubmit={(e) => void submit(e)} noValidate>
        <FileInput
          {...fieldBinder(form, form.formState.isSubmitted)('file')}
          name="medical-certificate-file"
          label="File del certificato medico"
          required
          disabled={pending}
          hint="Un file PDF, PNG o JPEG di al massimo 5 MB"
          {...UPLOAD_RULES.certificate}
        />
      </form>
    </Modal>
  );
}

/**
 * The member's medical certificate on the profile (spec 000 §2.7, §4): expiry and status, the upload ('Carica',
 * 'Caricato' once approved; disabled while an upload awaits approval), the download of the latest upload and the
 * two request forms. Exposed as './profile-card' and rendered by the shell inside 'Informazioni di iscrizione'.
 */
export function MedicalCertificateCard({ profile, refreshProfile }: ProfileCardProps) {
  const [uploading, setUploading] = useState(false);
  const tooltipId = useId();
  const status = profile.medical_certificate_status;
  const tooltip = UPLOAD_TOOLTIPS[status];
  const expiry = profile.medical_certificate_expiration_date;

  return (
    <section aria-label="Certificato medico" className="ui-stack">
      <dl className="ui-stack" style={{ margin: 0, gap: 8 }}>
        <Row label="Scadenza certificato medico">{expiry ? formatDate(expiry) : '—'}</Row>
        <Row label="Stato certificato medico">
          <span data-testid="medical-status" data-status={status}>
            {STATUS_TEXTS[status]}
          </span>
        </Row>
      </dl>
      <div className="ui-row">
        <span title={tooltip}>
          <button
            type="button"
            className="ui-btn ui-btn--primary ui-btn--sm"
            disabled={status === 'not_approved'}
            aria-describedby={tooltip ? tooltipId : undefined}
            onClick={() => setUploading(true)}
          >
            {status === 'approved' ? 'Caricato' : 'Carica'}
          </button>
        </span>
        {tooltip && (
          <span id={tooltipId} className="ui-visually-hidden">
            {tooltip}
          </span>
        )}
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          onClick={() => {
            if (!profile._id) notify.error(CARD_MESSAGES.noUser);
            else void downloadMyCertificate(profile._id).catch(() => undefined);
          }}
        >
          Scarica certificato
        </button>
      </div>
      <div className="ui-row">
        {(['agonistic', 'non-agonistic'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--sm"
            onClick={() => void downloadRequestForm(kind).catch(() => undefined)}
          >
            {REQUEST_FORMS[kind].label}
          </button>
        ))}
      </div>
      {uploading && <UploadDialog onClose={() => setUploading(false)} onUploaded={refreshProfile} />}
    </section>
  );
}
