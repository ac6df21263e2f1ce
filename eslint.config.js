import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';

// Layer rules (which folder may import which) live in .dependency-cruiser.cjs and run as `npm run deps`.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'test-results/**', 'playwright-report/**', 'scripts/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every user-visible string of a component comes from the message catalogs (src/i18n): literal JSX text or a literal
    // in a visible attribute fails; attributes that are not shown to people (test ids, roles, class names) are allowed.
    files: ['src/ui/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // Only attributes that people see or hear are checked; handlers, test ids, class names and the like are code.
          'jsx-attributes': { include: ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label'], exclude: ['.*'] },
          // The translator's own calls (t('id'), t.setting(table, key, 'label'), t.rich(…)) take ids, not text.
          callees: { exclude: ['i18n(ext)?', 't', 't\\..+', 'tr\\..+', 'require', 'addEventListener', 'removeEventListener', 'postMessage', 'getElementById', 'dispatch', 'commit', 'includes', 'indexOf', 'endsWith', 'startsWith'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s×→–—…·%]+', '[A-Z_-]+', 'GPU Playground', 'MNIST', 'CPU', 'GPU', 'WebGL', 'WebGPU', 'WebAssembly', 'GFLOP/s', 'ms', 'MB', 'kB', 'px', 'D\\(x\\)', 'D\\(G\\(z\\)\\)', 'k'] },
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
