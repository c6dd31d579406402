/** The POST body of `/api/likes.php`, parsed by the route (server only: zod stays out of the browser). */
import { z } from "zod";

/** POST body (JSON or form): like or unlike a member; `source` says where the button was. */
export const likeRequestSchema = z.object({
  profile_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  action: z.enum(["like", "unlike"]),
  source: z.enum(["profile", "swipe", "match_finder"]).default("profile"),
});
export type LikeRequest = z.input<typeof likeRequestSchema>;
