import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { type CheckInResult, errorText } from 'shared-api';
import { formatDate } from 'shared-ui';
import { CHECK_IN_REFUSALS, useCheckIn } from '../api/check-in';

/**
 * /check-in/:token (issue 42): the page a member's phone opens from the QR code on a table. One tap checks them in
 * (and their partner, when with them); the answer names the shift and who is present. A refusal says what to do.
 */
export function CheckInPage() {
  const { token = '' } = useParams();
  const checkIn = useCheckIn();
  const [withPartners, setWithPartners] = useState(true);
  const [result, setResult] = useState<CheckInResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const partnersId = useId();

  const submit = async () => {
    setRefusal(null);
    try {
      setResult(await checkIn.mutateAsync({ token, withPartners }));
    } catch (error) {
      setRefusal(errorText(error, 'Impossibile registrare la presenza', { own: [...CHECK_IN_REFUSALS], server: ['CHECK_IN_TOO_EARLY'] }));
    }
  };

  return (
    <section className="bk-check-in" aria-labelledby="check-in-title">
      <h1 id="check-in-title">Registra la presenza</h1>
      {result ? (
        <div className="ui-card bk-check-in__result" role="status">
          <p className="bk-check-in__present">
            <span className="ui-badge ui-badge--success">Presente</span>
          </p>
          <h2 className="ui-card__title">{result.title}</h2>
          <p>{`${formatDate(result.date)} · ${result.start_time}-${result.end_time} · Tavolo ${result.table_number}`}</p>
          <ul className="bk-check-in__people">
            {result.participants.map((p) => (
              <li key={p._id}>
                {`${p.name} ${p.surname}: `}
                <strong>{p.checked_in ? 'Presente' : 'Non ancora registrato'}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="ui-card bk-check-in__form">
          <p>Sei al tavolo per il tuo turno? Registra la presenza: una prenotazione senza presenze viene liberata per chi è in lista d’attesa.</p>
          <label className="ui-checkbox__row" htmlFor={partnersId}>
            <input id={partnersId} type="checkbox" checked={withPartners} onChange={(e) => setWithPartners(e.target.checked)} /> Anche il mio compagno
            è al tavolo
          </label>
          <button type="button" className="ui-btn ui-btn--primary bk-check-in__button" disabled={checkIn.isPending} onClick={() => void submit()}>
            {checkIn.isPending ? 'Registrazione…' : 'Sono al tavolo'}
          </button>
        </div>
      )}
      {refusal && (
        <p className="ui-alert ui-alert--error" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
