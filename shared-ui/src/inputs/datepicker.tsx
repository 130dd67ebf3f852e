import { registerLocale, type ReactDatePickerCustomHeaderProps } from 'react-datepicker';
import { it } from 'date-fns/locale/it';
import 'react-datepicker/dist/react-datepicker.css';
import { MONTH_NAMES } from '../format/format';

registerLocale('it', it);

export const LOCALE = 'it';
/** The calendar opens in a portal so a modal's scrolling body never clips it. */
export const PORTAL_ID = 'ui-datepicker-portal';

export function CalendarHeader(props: ReactDatePickerCustomHeaderProps & { years: (shown: number) => number[] }) {
  const { date, changeMonth, changeYear, decreaseMonth, increaseMonth, prevMonthButtonDisabled, nextMonthButtonDisabled } = props;
  return (
    <div className="ui-calendar-header">
      <button
        type="button"
        className="ui-btn ui-btn--ghost ui-btn--icon"
        onClick={decreaseMonth}
        disabled={prevMonthButtonDisabled}
        aria-label="Mese precedente"
      >
        ‹
      </button>
      <select className="ui-select ui-select--sm" aria-label="Mese" value={date.getMonth()} onChange={(e) => changeMonth(Number(e.target.value))}>
        {MONTH_NAMES.map((m, i) => (
          <option key={m} value={i}>
            {m}
          </option>
        ))}
      </select>
      <select className="ui-select ui-select--sm" aria-label="Anno" value={date.getFullYear()} onChange={(e) => changeYear(Number(e.target.value))}>
        {props.years(date.getFullYear()).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="ui-btn ui-btn--ghost ui-btn--icon"
        onClick={increaseMonth}
        disabled={nextMonthButtonDisabled}
        aria-label="Mese successivo"
      >
        ›
      </button>
    </div>
  );
}
