/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  roots: ["<rootDir>/lib", "<rootDir>/tests", "<rootDir>/models", "<rootDir>/app"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/tests/e2e/"],
  extensionsToTreatAsEsm: [".ts", ".tsx"],
  transform: {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", tsx: true }, target: "es2022", transform: { react: { runtime: "automatic" } } } },
    ],
  },
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty.cjs",
    "^@/(.*)$": "<rootDir>/$1",
  },
  globalSetup: "<rootDir>/tests/setup/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.mjs",
  setupFiles: ["<rootDir>/tests/setup/env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/database.ts"],
  testTimeout: 30_000,
  // Each test file opens its own database; two workers keep both cores busy.
  maxWorkers: 2,
};

export default config;
