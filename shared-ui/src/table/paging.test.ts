import { pageItems } from './paging';

describe('pageItems', () => {
  it('shows every page when there are at most 4', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
  });

  it('shows 4 pages, an ellipsis and the last page from the start', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });

  it('keeps the button for page 1 from page 4 on', () => {
    expect(pageItems(4, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 'ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
  });

  it('shows page 1 without an ellipsis when it is next to the window', () => {
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
  });
});
