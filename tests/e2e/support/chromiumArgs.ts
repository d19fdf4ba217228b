/**
 * The switches every browser of the tests (and the web bench) is launched with: Debian's Chromium,
 * headless, quiet on the network.
 *
 * `--disable-features` is read once by Chromium, the last one given winning, so this list replaces
 * the one Playwright passes: it repeats Playwright's (playwright-core 1.65, chromiumSwitches.ts) and
 * adds the two omnibox pop-ups. Chromium 156's headless builds a browser window per context whose
 * location bar preloads two WebUI pages (chrome://omnibox-popup.top-chrome/ and its AI-mode page)
 * in a renderer of their own: about 0.6 CPU-s a context, 75 CPU-s over a run of the suite, for a
 * pop-up no test opens.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
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
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];
