import { useState } from 'react';
import { download } from 'shared-api';
import { downloadWithToasts } from 'shared-ui';

/** The member's data to take away (issue 28): one ZIP with dati.json and their stored files. */
export function PersonalDataCard() {
  const [pending, setPending] = useState(false);

  async function save() {
    setPending(true);
    await downloadWithToasts(() => download('/user/me/export', 'dati.zip'));
    setPending(false);
  }

  return (
    <section className="shell-card" aria-label="I tuoi dati">
      <h2 className="shell-card__title">I tuoi dati</h2>
      <div className="shell-card__body">
        <p>
          Tutto ciò che il portale conserva di te (profilo, consensi, prenotazioni, certificati, addebiti e pagamenti) in un archivio ZIP, con i file
          che hai caricato.
        </p>
        <button type="button" className="ui-btn ui-btn--secondary" disabled={pending} onClick={() => void save()}>
          {pending ? 'Preparazione in corso...' : 'Scarica i miei dati'}
        </button>
      </div>
    </section>
  );
}
