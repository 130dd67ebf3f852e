import { lazy, useId, useState, type ReactNode } from 'react';
import type { MedicalStatus } from 'shared-api';
import { formatDate, notify, type ProfileCardProps, ModalSuspense } from 'shared-ui';
import { CARD_MESSAGES, REQUEST_FORMS, downloadMyCertificate, downloadRequestForm } from '../api/medical-certificate';

// The upload's dialog (react-hook-form) loads when it opens: the profile shows the card without it.
const UploadDialog = lazy(() => import('./UploadDialog').then((m) => ({ default: m.UploadDialog })));

/**
 * How the profile names the member's medical status (spec 000 §4; the texts are ours: docs/decisions.md,
 * "Certificates pages and the member's card").
 */
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
      {uploading && (
        <ModalSuspense>
          <UploadDialog onClose={() => setUploading(false)} onUploaded={refreshProfile} />
        </ModalSuspense>
      )}
    </section>
  );
}
