import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import fs from "node:fs";
const file = process.argv[2]!;
fs.rmSync(file, { force: true });
const client = createClient({ url: `file:${file}` });
await migrate(drizzle({ client }), { migrationsFolder: "drizzle/migrations" });
client.close();
