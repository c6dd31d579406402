/**
 * Moderators move a complaint along: open → in progress → closed (and back, when a closed
 * complaint needs another look). The list itself comes from app/profiles/complaints.server.ts.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { recordIfChanged } from "./audit.server";
import type { ComplaintStatus } from "./moderation-fields";

/** False when the complaint is not this site's or already has that status. */
export async function setComplaintStatus(
  db: Database,
  input: { siteId: number; moderatorUserId: number; complaintId: number; status: ComplaintStatus },
): Promise<boolean> {
  const [updated] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE complaints SET status = ${input.status}
      WHERE id = ${input.complaintId} AND site_id = ${input.siteId} AND status != ${input.status}
      RETURNING id`),
    recordIfChanged(db, {
      siteId: input.siteId,
      moderatorUserId: input.moderatorUserId,
      targetType: "complaint",
      targetId: input.complaintId,
      action: `status:${input.status}`,
    }),
  ]);
  return updated.length === 1;
}
