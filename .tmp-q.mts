import { createClient } from "@libsql/client";
const c = createClient({ url: "file:/tmp/seedtest.db" });
for (const q of process.argv.slice(2)) { const r = await c.execute(q); console.log(q); console.table(r.rows.slice(0, 30)); }
