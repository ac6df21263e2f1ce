/**
 * The layer rules of docs/architecture.md, checked by `npm run deps` (part of `npm test`). Type-only
 * imports, dynamic import() and re-exports all count. Each rule names the layer it guards:
 *
 *   config ← metrics ← protocol ← share, data, models ← engine ← client ← ui
 *   config ← i18n ← share, ui   (message catalogs; FormatJS without React)
 *   i18n/message.ts ← every layer (a text as a message id and its values; no catalog, no formatter)
 *   config ← serviceWorker   (its own program, built into dist/sw.js; nothing imports it)
 *
 * (protocol = src/engine/protocol, client = src/engine/client; the rest of src/engine is the engine.)
 */
const ENGINE_IMPL = '^src/engine/(?!protocol/|client/)';
const TFJS = '(^|/)node_modules/@tensorflow/';
const UI_LIBS = '(^|/)node_modules/(react|react-dom|react-intl|chart\\.js)/';
/**
 * The part of src/i18n below every layer: the Message type (ids and values), importing only the English ids' type;
 * and i18n/testing, with which a test says a message in English (tests only, see the last rule).
 */
const MESSAGE = 'i18n/(message\\.ts$|testing/)';

/** A rule: files in `from` may import nothing in `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: every module sits on one floor of the house.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid('config-is-the-bottom', 'src/config imports no other layer of src (only the Message type).', '^src/config/', `^src/(?!config/|${MESSAGE})`),
    forbid('metrics-above-config-only', 'src/metrics imports only src/config (and the Message type).', '^src/metrics/', `^src/(?!config/|metrics/|${MESSAGE})`),
    forbid('protocol-is-types-and-folds', 'The protocol imports no engine implementation, data, models, share or UI.', '^src/engine/protocol/', `^src/(?!config/|metrics/|engine/protocol/|${MESSAGE})`),
    forbid('i18n-above-config', 'src/i18n (message catalogs and their formatter) reads the config tables only.', '^src/i18n/', '^src/(?!config/|i18n/)'),
    forbid('share-beside-engine', 'src/share builds documents from config, metrics, i18n and protocol types only.', '^src/share/', '^src/(?!config/|metrics/|i18n/|engine/protocol/|share/)'),
    forbid('data-below-engine', 'src/data imports config and metrics only (and the Message type).', '^src/data/', `^src/(?!config/|metrics/|data/|${MESSAGE})`),
    forbid('models-below-engine', 'src/models imports config and metrics only (and the Message type).', '^src/models/', `^src/(?!config/|metrics/|models/|${MESSAGE})`),
    forbid('engine-below-ui', 'The engine never imports share, client or UI code.', ENGINE_IMPL, '^src/(ui|share|engine/client)/'),
    {
      name: 'only-the-page-formats',
      comment: 'The worker side sends message ids and values: of src/i18n it imports the Message type only, never a catalog or the formatter (its tests may say a message in English to check it).',
      severity: 'error',
      from: { path: '^src/engine/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/i18n/(?!message\\.ts$|testing/)' },
    },
    forbid('client-talks-protocol', 'The device client (main thread) knows the protocol, never the engine implementation.', '^src/engine/client/', `${ENGINE_IMPL}|^src/(data|models|share|ui)/`),
    forbid('ui-reaches-engine-through-client', 'src/ui imports nothing of the engine but its protocol and its client.', '^src/ui/', `${ENGINE_IMPL}|^src/(data|models)/`),
    forbid('tfjs-only-in-workers', '@tensorflow/* is imported only under src/engine (not its protocol or client), src/models and src/data.', '^src/(?!engine/|models/|data/)|^src/engine/(protocol|client)/', TFJS),
    forbid('ui-libraries-only-in-ui', 'React, react-intl and Chart.js belong to src/ui.', '^src/(?!ui/)', UI_LIBS),
    forbid('service-worker-stands-alone', 'src/serviceWorker (its own program, dist/sw.js) reads the config tables only.', '^src/serviceWorker/', '^src/(?!config/|serviceWorker/)'),
    forbid('service-worker-is-its-own-program', 'The page registers the built service worker by its file; no module imports its source.', '^src/(?!serviceWorker/)', '^src/serviceWorker/'),
    forbid('workbox-runtime-in-the-service-worker', 'Workbox\'s runtime modules belong to the service worker; the page has workbox-window only.', '^src/(?!serviceWorker/)', '(^|/)node_modules/workbox-(core|precaching|routing|strategies|expiration)/'),
    forbid('src-stands-alone', 'Nothing under src imports the tests or the scripts.', '^src/', '^(e2e|scripts)/'),
    {
      name: 'test-helpers-in-tests',
      comment: 'src/i18n/testing says messages in English for tests; the app never imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '(\\.test\\.ts$|^src/i18n/testing/)' },
      to: { path: '^src/i18n/testing/' },
    },
    {
      name: 'own-data-fixtures-in-tests',
      comment: 'src/data/own/testing makes pictures, zips and zip bombs for the importer tests (with pngjs, a devDependency); the app never imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '(\\.test\\.ts$|^src/data/own/testing/)' },
      to: { path: '^src/data/own/testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|public|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], mainFields: ['module', 'main', 'types', 'typings'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
