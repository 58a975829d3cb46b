import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import prettier from "eslint-config-prettier";

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
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
);
