/** Who works the stockroom: every storage route. */
export const STORAGE_ACCESS = ['storage_access'] as const;
