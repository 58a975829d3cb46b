import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import prettier from "eslint-config-prettier";
import { importBoundaries } from "./scripts/eslint/import-boundaries.js";

export default tseslint.config(
  { ignores: ["dist/", "dist-server/", "node_modules/", "data/", ".test-data/", "server/db/migrations/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/app/**", "**/server/**"], message: "shared/ imports nothing from app/ or server/" }],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "e2e/**/*.ts", "bench/**/*.{ts,tsx}", "scripts/**/*.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // sonner loads with the first toast (docs/decisions.md): a static import would put it back in every page's load.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/sonner-toaster.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "sonner", allowTypeImports: true, message: "raise toasts with app/lib/toast.ts" }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { campo: { rules: { "import-boundaries": importBoundaries } } },
    rules: { "campo/import-boundaries": "error" },
  },
  {
    // A route table composes features into pages; it is the one place a feature folder may name another.
    files: ["app/features/*/routes.tsx"],
    rules: { "campo/import-boundaries": "off" },
  },
  {
    // Type-aware rules: the project service reuses the editor's TypeScript program instead of one per tsconfig.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // React event handlers may be async (each handles its own errors); promises elsewhere must not hide in callbacks.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
);
