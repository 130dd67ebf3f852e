import { useEffect, useRef, useState } from 'react';
import type { ExportFormat } from 'shared-api';
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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Handled here, so a modal around the table stays open.
        e.preventDefault();
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setBusy(true);
    await downloadWithToasts(() => onExport(format));
    setBusy(false);
  };

  return (
    <div className="ui-dropdown" ref={rootRef}>
      <button
        type="button"
        className="ui-btn ui-btn--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        Scarica
      </button>
      {open && (
        <ul className="ui-dropdown__menu" role="menu" aria-label="Formato del file">
          {EXPORTS.map(({ format, label }) => (
            <li key={format} role="none">
              <button type="button" role="menuitem" className="ui-dropdown__item" onClick={() => void run(format)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
