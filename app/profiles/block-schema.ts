/**
 * POST /api/blocks.php `{ profile_id, action: "block" | "unblock" }`, as JSON or a form (the
 * settings list and the block modal post forms; `redirectTo` brings a browser without JavaScript back).
 */
import { z } from "zod/mini";

export const blockActions = ["block", "unblock"] as const;
export type BlockAction = (typeof blockActions)[number];

export const blockRequestSchema = z.object({
  profile_id: z.pipe(z.coerce.number(), z.int().check(z.positive())),
  action: z.enum(blockActions),
  redirectTo: z.optional(z.string().check(z.maxLength(2048))),
});

/** What the call answers on success. */
export type BlockResponse = { blocked: boolean };
