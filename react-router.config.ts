import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering at the edge: every screen is rendered by the Worker.
  ssr: true,
  // BUILD_DIR lets parallel builds (e.g. several test runs) use their own output folder.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
