import type { ReactNode } from 'react';
import { download, type QueryParams } from 'shared-api';
import { ExportMenu } from './ExportMenu';
import { TABLE_MESSAGES } from './messages';

/** Above a list: its search box (paged lists), its 'Scarica' menu and the page's own buttons (e.g. 'Aggiungi'). */
export function TableToolbar({
  search,
  onSearch,
  exportPath,
  exportName,
  listQuery,
  children,
}: {
  /** The search box's text; undefined: no search box. */
  search: string | undefined;
  onSearch: (text: string) => void;
  /** The list endpoint whose `/export` the menu downloads; undefined: no download. */
  exportPath: string | undefined;
  exportName: string;
  /** The search, filters and sort the download applies, as the list does. */
  listQuery: QueryParams;
  children?: ReactNode;
}) {
  return (
    <div className="ui-table-toolbar">
      {search !== undefined && (
        <input
          type="search"
          className="ui-control ui-table-toolbar__search"
          placeholder={TABLE_MESSAGES.search}
          aria-label="Cerca"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      )}
      <div className="ui-table-toolbar__actions">
        {exportPath !== undefined && (
          <ExportMenu
            onExport={(format) =>
              download(`${exportPath}/export`, format === 'pdf' ? exportName : `${exportName}.${format}`, {
                ...listQuery,
                format,
              })
            }
          />
        )}
        {children}
      </div>
    </div>
  );
}
