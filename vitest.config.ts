import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui()],
  test: {
    include: ["test/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
  },
});
