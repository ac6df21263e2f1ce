import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Imports flow one way: config / metrics <- data / models <- engine <- ui. */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbidden.map((dir) => ({ group: [`**/${dir}/*`, `**/${dir}`], message: `${message} (may not import src/${dir})` })),
          { group: ['react', 'react-dom', 'react-dom/*', 'chart.js'], message: `${message} (no UI libraries below src/ui)` },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  layer(['src/config/**', 'src/metrics/**'], ['data', 'models', 'engine', 'ui'], 'config and metrics are the bottom layer'),
  layer(['src/data/**', 'src/models/**'], ['engine', 'ui'], 'data and models sit below the engine'),
  layer(['src/engine/**'], ['ui'], 'the engine knows nothing of the UI'),
  layer(['src/share/**'], ['data', 'models', 'ui'], 'share sits beside the engine: config, metrics and protocol types only'),
);
