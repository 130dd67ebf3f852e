import type { FitetImportReport } from 'shared-api';

/** What the import did (spec 001 §2 FITET, issue 9): counts, then every refused row with its line and reason. */
export function FitetImportReportView({ report }: { report: FitetImportReport }) {
  const rejected = report.rejected.length;
  return (
    <div className="ui-stack">
      <p role="status">{`Righe lette: ${report.total}.`}</p>
      <dl className="ui-grid ui-grid--3" aria-label="Esito dell'importazione">
        <div className="ui-card">
          <dt className="ui-muted">Create</dt>
          <dd className="ui-card__title" style={{ margin: 0 }}>
            {report.created}
          </dd>
        </div>
        <div className="ui-card">
          <dt className="ui-muted">Aggiornate</dt>
          <dd className="ui-card__title" style={{ margin: 0 }}>
            {report.updated}
          </dd>
        </div>
        <div className="ui-card">
          <dt className="ui-muted">Rifiutate</dt>
          <dd className="ui-card__title" style={{ margin: 0 }}>
            {rejected}
          </dd>
        </div>
      </dl>
      {rejected > 0 && (
        <div className="ui-table-wrap">
          <table className="ui-table">
            <caption>Righe rifiutate</caption>
            <thead>
              <tr>
                <th scope="col">Riga</th>
                <th scope="col">Codice tessera</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.member_id ?? ''}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
