import { nth } from './nth';

test('nth gives the item at an index, counting from the end when negative', () => {
  expect(nth(['a', 'b', 'c'], 1)).toBe('b');
  expect(nth(['a', 'b', 'c'], -1)).toBe('c');
});

test('nth fails with what was missing instead of handing back undefined', () => {
  expect(() => nth(['a'], 1)).toThrow('Expected an item at index 1, the list has 1');
  expect(() => nth([], -1)).toThrow('Expected an item at index -1, the list has 0');
});
