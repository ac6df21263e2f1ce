/**
 * The layer rules of docs/architecture.md, checked by `npm run deps` (part of `npm test`). Type-only
 * imports, dynamic import() and re-exports all count. Each rule names the layer it guards:
 *
 *   config ← metrics ← protocol ← share, data, models ← engine ← client ← ui
 *   config ← i18n ← share, ui   (message catalogs; FormatJS without React)
 *
 * (protocol = src/engine/protocol, client = src/engine/client; the rest of src/engine is the engine.)
 */
const ENGINE_IMPL = '^src/engine/(?!protocol/|client/)';
const TFJS = '(^|/)node_modules/@tensorflow/';
const UI_LIBS = '(^|/)node_modules/(react|react-dom|react-intl|chart\\.js)/';

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
    forbid('config-is-the-bottom', 'src/config imports no other layer of src.', '^src/config/', '^src/(?!config/)'),
    forbid('metrics-above-config-only', 'src/metrics imports only src/config.', '^src/metrics/', '^src/(?!config/|metrics/)'),
    forbid('protocol-is-types-and-folds', 'The protocol imports no engine implementation, data, models, share or UI.', '^src/engine/protocol/', '^src/(?!config/|metrics/|engine/protocol/)'),
    forbid('i18n-above-config', 'src/i18n (message catalogs and their formatter) reads the config tables only.', '^src/i18n/', '^src/(?!config/|i18n/)'),
    forbid('share-beside-engine', 'src/share builds documents from config, metrics, i18n and protocol types only.', '^src/share/', '^src/(?!config/|metrics/|i18n/|engine/protocol/|share/)'),
    forbid('data-below-engine', 'src/data imports config and metrics only.', '^src/data/', '^src/(?!config/|metrics/|data/)'),
    forbid('models-below-engine', 'src/models imports config and metrics only.', '^src/models/', '^src/(?!config/|metrics/|models/)'),
    forbid('engine-below-ui', 'The engine never imports share, client or UI code.', ENGINE_IMPL, '^src/(ui|share|engine/client)/'),
    forbid('client-talks-protocol', 'The device client (main thread) knows the protocol, never the engine implementation.', '^src/engine/client/', `${ENGINE_IMPL}|^src/(data|models|share|ui)/`),
    forbid('ui-reaches-engine-through-client', 'src/ui imports nothing of the engine but its protocol and its client.', '^src/ui/', `${ENGINE_IMPL}|^src/(data|models)/`),
    forbid('tfjs-only-in-workers', '@tensorflow/* is imported only under src/engine (not its protocol or client), src/models and src/data.', '^src/(?!engine/|models/|data/)|^src/engine/(protocol|client)/', TFJS),
    forbid('ui-libraries-only-in-ui', 'React, react-intl and Chart.js belong to src/ui.', '^src/(?!ui/)', UI_LIBS),
    forbid('src-stands-alone', 'Nothing under src imports the tests or the scripts.', '^src/', '^(e2e|scripts)/'),
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
