import { useState } from 'react';
import type { ExportFormat } from 'shared-api';
import { DropdownMenu } from './DropdownMenu';
import { downloadWithToasts } from './download';

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'EXCEL' },
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * The 'Scarica' menu (EXCEL / CSV / PDF) of every list's download, with its success and error toasts; also for
 * list pages that are not a table (e.g. cards).
 */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    await downloadWithToasts(() => onExport(format));
    setBusy(false);
  };
  return (
    <DropdownMenu
      trigger="Scarica"
      triggerClassName="ui-btn ui-btn--secondary"
      menuLabel="Formato del file"
      busy={busy}
      items={EXPORTS.map(({ format, label }) => ({ label, onClick: () => void run(format) }))}
    />
  );
}
