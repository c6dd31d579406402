/** The JSON actions of `/api/photos.php` on existing photos, parsed by the route (server only: zod stays out of the browser). */
import { z } from "zod";

const photoId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The JSON actions on existing photos (POST or PATCH with `intent`). */
export const photoActionSchema = z.discriminatedUnion("intent", [
  /** Every photo id of the member, in the new order. */
  z.object({ intent: z.literal("reorder"), order: z.array(photoId).min(1).max(200) }),
  z.object({ intent: z.literal("delete"), photoId }),
  z.object({ intent: z.literal("main"), photoId }),
  z.object({ intent: z.literal("private"), photoId, private: z.boolean() }),
]);
export type PhotoAction = z.infer<typeof photoActionSchema>;
