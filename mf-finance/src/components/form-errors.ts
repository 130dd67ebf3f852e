/**
 * The first message under a field whose value is an object (a period's start and end): react-hook-form keeps the
 * schema's errors at the inner paths, where fieldBinder's one-level lookup does not see them.
 */
export function nestedMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = nestedMessage(inner);
    if (found) return found;
  }
  return null;
}
