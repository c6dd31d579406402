import { createClient } from "@libsql/client";
const c = createClient({ url: "file:/tmp/cli.db" });
const r = await c.execute("select p.name, ph.object_key, ph.thumb_key from profiles p join photos ph on ph.id = p.main_photo_id where p.id in (1, 500, 2003)");
console.log(JSON.stringify(r.rows));
