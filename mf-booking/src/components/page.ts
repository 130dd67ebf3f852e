/** What every booking page passes to shared-ui's PageLayout: its section name and this app's build label. */
const buildLabel = process.env.BUILD_LABEL;
export const ADMIN_PAGE = { section: 'Prenotazioni', buildLabel };
export const BOOK_PAGE = { section: 'Prenota', buildLabel };
export const PROFILE_PAGE = { section: 'Profilo', buildLabel };
export const STATS_PAGE = { section: 'Statistiche', buildLabel };
