import { useReleaseDetail } from './api';
import { reportSummary } from './release-text';

/** The history's error-report outcome of one release: per app, how many reports from how many users. */
export function ReportsCell({ number }: { number: number }) {
  const detail = useReleaseDetail(number);
  if (detail.isPending) return <span className="ui-muted">…</span>;
  if (detail.isError) return <span className="ui-muted">Non disponibili</span>;
  const reported = detail.data.errors.filter((e) => e.count > 0);
  if (reported.length === 0) return <span className="ui-muted">Nessuna segnalazione</span>;
  return (
    <ul className="shell-releases__lines">
      {reported.map((e) => (
        <li key={e.app}>
          {e.app}: {reportSummary(e)}
        </li>
      ))}
    </ul>
  );
}
