// The Chromium the browser tests drive and its flags, apart from browser.ts so that the shared browser's launcher
// (browser-server.ts) loads no test kit.

/**
 * Debian's chromium-headless-shell (npm test installs it; CHROMIUM_PATH picks another build): Chromium's headless-only
 * build, the one Playwright runs headless. The whole browser's headless mode (/usr/bin/chromium) also runs its windows'
 * UI: about a fifth more CPU per browser file (booking.test, every process of its tree sampled: 51 → 40 CPU-s).
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The features Playwright turns off (playwright-core's chromiumSwitches), and the omnibox popup's WebUI, which the
 * whole browser's headless mode opens in a renderer of its own for every window (about 1.3 s of CPU each) when
 * CHROMIUM_PATH points at it. Chromium keeps only the last --disable-features it is given, so Playwright's list is
 * repeated here.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // The compositor's (software) GPU thread inside the browser process instead of a process of its own: about 1.5 s of
  // CPU less per browser file (walk-lists, every Chromium process sampled, two pairs: 11.7 → 9.6 and 12.1 → 9.4 s).
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
