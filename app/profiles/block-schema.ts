/**
 * POST /api/blocks.php `{ profile_id, action: "block" | "unblock" }`, as JSON or a form (the
 * settings list and the block modal post forms; `redirectTo` brings a browser without JavaScript back).
 */
import { z } from "zod";

export const blockActions = ["block", "unblock"] as const;
export type BlockAction = (typeof blockActions)[number];

export const blockRequestSchema = z.object({
  profile_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  action: z.enum(blockActions),
  redirectTo: z.string().max(2048).optional(),
});

/** What the call answers on success. */
export type BlockResponse = { blocked: boolean };
