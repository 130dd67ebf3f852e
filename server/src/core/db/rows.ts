/** The rows of a raw execute() on either driver (pg and PGlite both answer { rows }). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));
