import { useForm } from 'react-hook-form';
import { DateInput, MONTH_NAMES, Modal, SelectInput, clubToday, fieldBinder } from 'shared-ui';
import { clampPicked, pickerBounds, type CalendarView } from '../layout';

/** 'Scegli la data': a day (or, in the month view, a month and year) within the calendar's bounds. */
export function DatePickerModal({
  view,
  date,
  onClose,
  onPick,
}: {
  view: CalendarView;
  date: string;
  onClose: () => void;
  onPick: (date: string) => void;
}) {
  const today = clubToday();
  const bounds = pickerBounds(view, today);
  // Nothing to check: the picker offers only dates within the bounds.
  const form = useForm<{ picked: string | null; month: string; year: string }>({
    defaultValues: { picked: date, month: date.slice(5, 7), year: date.slice(0, 4) },
  });
  const bind = fieldBinder(form, false);
  const firstYear = Number(bounds.min.slice(0, 4));
  const years = Array.from({ length: Number(bounds.max.slice(0, 4)) - firstYear + 1 }, (_, i) => String(firstYear + i));
  const go = () => {
    const { picked, month, year } = form.getValues();
    const chosen = view === 'month' ? `${year}-${month}-01` : picked;
    if (!chosen) return;
    onPick(clampPicked(view, chosen, today));
    onClose();
  };
  return (
    <Modal
      open
      size="sm"
      title="Scegli la data"
      onClose={onClose}
      onEnter={go}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose}>
            Annulla
          </button>
          <button type="button" className="ui-btn ui-btn--primary" onClick={go}>
            Vai
          </button>
        </>
      }
    >
      {view === 'month' ? (
        <div className="ui-row">
          <SelectInput
            {...bind('month')}
            name="pick-month"
            label="Mese"
            options={MONTH_NAMES.map((m, i) => ({ value: String(i + 1).padStart(2, '0'), label: m }))}
          />
          <SelectInput {...bind('year')} name="pick-year" label="Anno" options={years.map((y) => ({ value: y, label: y }))} />
        </div>
      ) : (
        <DateInput
          {...bind('picked')}
          name="pick-date"
          label={view === 'week' ? 'Un giorno della settimana' : 'Giorno'}
          minDate={bounds.min}
          maxDate={bounds.max}
        />
      )}
    </Modal>
  );
}
