/** The data table's timings and Italian texts (spec 001 §2 Generic data table). */
export const TABLE_SEARCH_DEBOUNCE_MS = 450;
export const TABLE_REFETCH_MS = 5 * 60 * 1000;
export const TABLE_MESSAGES = {
  search: 'Cerca qualcosa...',
  loadError: 'Errore durante il recupero dei dati.',
  loadErrorDetail: 'Non è stato possibile recuperare i dati della tabella, se il problema persiste contattare un amministratore.',
  reload: 'Ricarica',
  loading: 'Caricamento in corso...',
  empty: 'Nessun dato da mostrare',
  downloadError: 'Errore durante il download del file. Assicurati che il file sia disponibile e riprova.',
  downloadSuccess: 'File scaricato con successo!',
} as const;
