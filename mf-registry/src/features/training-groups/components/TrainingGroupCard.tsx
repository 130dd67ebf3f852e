import type { ReactNode } from 'react';
import type { Enrollment, TrainingGroup } from 'shared-api';
import { DeleteIcon, EditIcon, formatDate, formatEuro } from 'shared-ui';
import { useParticipants } from '../api/get-training-groups';
import { MEDICAL_STATUS, groupTitle, personName, weekDaysText } from '../training-group-form';

export interface TrainingGroupCardProps {
  group: TrainingGroup;
  onEdit: () => void;
  onDelete: () => void;
  onAddParticipant: () => void;
  onEditParticipant: (enrollment: Enrollment) => void;
  onRemoveParticipant: (enrollment: Enrollment) => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <div className="ui-muted">{label}</div>
      <div>{children}</div>
    </div>
  );
}

/** One group (spec 001 §2 Training groups): what it is, its edit and delete buttons, and its participants. */
export function TrainingGroupCard({ group, onEdit, onDelete, onAddParticipant, onEditParticipant, onRemoveParticipant }: TrainingGroupCardProps) {
  const title = groupTitle(group);
  const headingId = `group-${group._id}`;
  const full = group.enrollments >= group.max_trainees;
  return (
    <section className="ui-card ui-stack" aria-labelledby={headingId}>
      <div className="ui-row">
        <h2 id={headingId} className="ui-card__title">
          {title}
        </h2>
        <span className="ui-spacer" />
        <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={onEdit} aria-label={`Modifica ${title}`}>
          <EditIcon /> Modifica
        </button>
        <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm ui-btn--danger-text" onClick={onDelete} aria-label={`Elimina ${title}`}>
          <DeleteIcon /> Elimina
        </button>
      </div>
      <div className="ui-grid ui-grid--3">
        <Fact label="Allenatore">{personName(group.trainer)}</Fact>
        <Fact label="Giorni">{weekDaysText(group.week_days)}</Fact>
        <Fact label="Orario">
          {group.start_time}–{group.end_time}
        </Fact>
        <Fact label="Partecipanti massimi">{group.max_trainees}</Fact>
        <Fact label="Iscritti">
          {group.enrollments} {full && <span className="ui-badge ui-badge--warning">Completo</span>}
        </Fact>
      </div>
      <div className="ui-row">
        <h3 className="ui-muted">Partecipanti</h3>
        <span className="ui-spacer" />
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          onClick={onAddParticipant}
          aria-label={`Aggiungi partecipante a ${title}`}
        >
          Aggiungi partecipante
        </button>
      </div>
      <Participants group={group} title={title} onEdit={onEditParticipant} onRemove={onRemoveParticipant} />
    </section>
  );
}

function Participants({
  group,
  title,
  onEdit,
  onRemove,
}: {
  group: TrainingGroup;
  title: string;
  onEdit: (e: Enrollment) => void;
  onRemove: (e: Enrollment) => void;
}) {
  const participants = useParticipants(group._id);
  if (participants.isPending)
    return (
      <p role="status" className="ui-muted">
        Caricamento dei partecipanti in corso...
      </p>
    );
  if (participants.isError)
    return (
      <div className="ui-alert ui-alert--error" role="alert">
        <span>Si è verificato un errore: {participants.error.message}</span>{' '}
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void participants.refetch()}>
          Ricarica
        </button>
      </div>
    );
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" aria-label={`Partecipanti di ${title}`}>
        <thead>
          <tr>
            <th scope="col">Partecipante</th>
            <th scope="col">Scadenza certificato medico</th>
            <th scope="col">Stato certificato medico</th>
            <th scope="col" className="is-end">
              Quota mensile
            </th>
            <th scope="col">Data di iscrizione</th>
            <th scope="col" className="is-end ui-table__actions">
              Azioni
            </th>
          </tr>
        </thead>
        <tbody>
          {participants.data.length === 0 && (
            <tr>
              <td colSpan={6} className="ui-table__state">
                Nessun partecipante iscritto
              </td>
            </tr>
          )}
          {participants.data.map((enrollment) => {
            const name = personName(enrollment.trainee);
            const status = MEDICAL_STATUS[enrollment.trainee.medical_certificate.status];
            return (
              <tr key={enrollment._id}>
                <td data-label="Partecipante">{name}</td>
                <td data-label="Scadenza certificato medico">{formatDate(enrollment.trainee.medical_certificate.current_end_date) || '—'}</td>
                <td data-label="Stato certificato medico">
                  <span className={`ui-badge ${status.badge}`}>{status.label}</span>
                </td>
                <td data-label="Quota mensile" className="is-end">
                  {formatEuro(Math.round(enrollment.cost * 100))}
                </td>
                <td data-label="Data di iscrizione">{formatDate(enrollment.enrollment_date)}</td>
                <td className="is-end ui-table__actions" data-label="Azioni">
                  <button
                    type="button"
                    className="ui-btn ui-btn--ghost ui-btn--sm ui-table__icon-action"
                    title="Modifica"
                    onClick={() => onEdit(enrollment)}
                    aria-label={`Modifica ${name}`}
                  >
                    <EditIcon />
                    <span className="ui-table__action-label">Modifica</span>
                  </button>
                  <button
                    type="button"
                    className="ui-btn ui-btn--ghost ui-btn--sm ui-table__icon-action ui-btn--danger-text"
                    title="Rimuovi"
                    onClick={() => onRemove(enrollment)}
                    aria-label={`Rimuovi ${name}`}
                  >
                    <DeleteIcon />
                    <span className="ui-table__action-label">Rimuovi</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
