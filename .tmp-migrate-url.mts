import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
const client = createClient({ url: process.argv[2]! });
await migrate(drizzle({ client }), { migrationsFolder: "drizzle/migrations" });
client.close();
console.log("migrated");
