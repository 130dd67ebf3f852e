/**
 * The item at `index` of a list a test found (negative counts from the end), or a failure that says what was
 * missing: tests index into query results and recorded calls without a blanket non-null assertion.
 */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`Expected an item at index ${index}, the list has ${items.length}`);
  return item;
}
