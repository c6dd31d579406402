import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering at the edge: every screen is rendered by the Worker.
  ssr: true,
} satisfies Config;
