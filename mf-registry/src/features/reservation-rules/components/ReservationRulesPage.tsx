import { lazy } from 'react';
import { unlockTimeText, type ReservationRule } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, WEEKDAY_NAMES, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useDeleteReservationRule } from '../api/delete-reservation-rule';
import { RESERVATION_RULES_PATH, RESERVATION_RULES_QUERY_KEY } from '../api/get-reservation-rules';

// The form (react-hook-form, the contract's zod schemas, the time picker) loads when it opens, not with the list.
const ReservationRuleFormModal = lazy(() => import('./ReservationRuleFormModal').then((m) => ({ default: m.ReservationRuleFormModal })));

const weekday = (day: number) => WEEKDAY_NAMES[day] ?? String(day);

/** Each unlock time on its own line, as 'Lun 18:00 · 2 turni'. */
/**
 * One line per unlock time, in one box: a phone's card lays a cell's children side by side, and the lines ran out
 * of the card and panned the page sideways (issue 26 item 10).
 */
function UnlockTimes({ rule }: { rule: ReservationRule }) {
  return (
    <span style={{ display: 'block' }}>
      {rule.unlock_times.map((u, i) => (
        <span key={u._id || i} style={{ display: 'block', whiteSpace: 'nowrap' }}>
          {unlockTimeText(u)}
        </span>
      ))}
    </span>
  );
}

// Every column of spec 001 §2 fits a 1366 px laptop: short headers (the form's labels say them in full), and only
// the name and the two maxima sortable.
const COLUMNS: Column<ReservationRule>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'description', header: 'Descrizione', detail: true },
  { key: 'max_rounds_per_week', header: 'Turni/sett.', sortable: true, align: 'end' },
  { key: 'max_rounds_per_day', header: 'Turni/giorno', sortable: true, align: 'end' },
  { key: 'hours_before_booking_to_ignore_rules', header: 'Ore ignora regole', align: 'end', detail: true },
  { key: 'hours_before_booking_to_cancel', header: 'Ore annullamento', align: 'end', detail: true },
  { key: 'week_start_day', header: 'Inizio sett.', render: (r) => weekday(r.week_start_day), detail: true },
  { key: 'week_end_day', header: 'Fine sett.', render: (r) => weekday(r.week_end_day), detail: true },
  { key: 'unlock_times', header: 'Orari di sblocco', render: (r) => <UnlockTimes rule={r} /> },
];

/** Regole di prenotazione (spec 001 §2 Booking rules). */
export function ReservationRulesPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<ReservationRule>();
  const deleteRule = useDeleteReservationRule();

  return (
    <PageLayout {...REGISTRY_PAGE} title="Regole di prenotazione">
      <DataTable<ReservationRule>
        queryKey={RESERVATION_RULES_QUERY_KEY}
        path={RESERVATION_RULES_PATH}
        columns={COLUMNS}
        exportName="regole-prenotazione"
        caption="Regole di prenotazione"
        rowKey={(r) => r._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi regola
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <ReservationRuleFormModal onClose={close} />}
        {edited && <ReservationRuleFormModal key={edited._id} rule={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina regola di prenotazione"
        message="Sei sicuro di voler eliminare questa regola di prenotazione? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        action={(rule) => deleteRule.run(rule._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
