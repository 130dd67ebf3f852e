/** The warning days as the types list and the form show them: '30, 7, 1'. */
export const formatDays = (days: readonly number[]) => days.join(', ');
