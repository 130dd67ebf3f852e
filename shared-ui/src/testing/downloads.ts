/**
 * The browser's side of shared-api's download() stubbed for every test of the file (jsdom has no object URLs and
 * would try to navigate on the anchor's click): call it in a describe block; it answers the anchors clicked, emptied
 * before each test (`a.download` is the name the file was saved under).
 */
export function captureDownloads(): HTMLAnchorElement[] {
  const clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:download');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => jest.restoreAllMocks());
  return clicked;
}
