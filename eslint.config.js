// Type-aware lint for what bites an agent loop: a promise nobody awaits (an action that fails
// unseen, or two that overlap), a promise handed where a plain callback is expected, an `await`
// on something that is not a promise, and a `switch` over a union that misses a member (a new
// step kind or outcome that falls through silently). Only these rules: formatting is prettier's,
// layering is scripts/lint/layers.ts's.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'firmware/**', 'web/**', '**/*.generated.ts'] },
  {
    files: ['src/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
);
