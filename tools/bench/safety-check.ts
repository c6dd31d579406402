/**
 * Benchmark: the CPU the chat send spends with and without the safety check (ADR 053).
 *
 *   npm run bench -- --only safety            # 20,000 sends of each kind
 *   npm run bench -- --only safety --runs 50000
 *
 * The send's own CPU in the Worker (the database calls are waiting, not CPU) is reading the form
 * and validating it with the composer's schema; the check adds `checkMessage`. Both are timed here
 * in one process on the same mix of messages: short and long, clean and flagged, in several
 * languages, up to the site's longest message (2,000 characters). Prints the mean and p99 per send
 * of each and what the check adds, against the Worker's 10 ms CPU limit per request.
 */
import { parseArgs } from "node:util";
import { parseWithZod } from "@conform-to/zod/v4";
import { messageSchema } from "../../app/chat/message-schema";
import { checkMessage } from "../../app/safety/message-check";
import { quantile } from "./harness";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20000" } }, strict: false });
const runs = Number(values.runs);

const corpus = [
  "Hoi! Hoe was je weekend? Ik ben zaterdag om zes uur naar de markt geweest.",
  "Zullen we 12-05-2026 om 18.30 uur iets drinken? Het kost maar € 4,50.",
  "Bel me op 06-12345678 of app me op WhatsApp",
  "null eins sieben eins zwei drei vier fünf sechs sieben acht",
  "Kannst du mir Geld schicken? Ich brauche 300 Euro für das Ticket.",
  "pięć jeden dwa trzy cztery pięć sześć siedem osiem, napisz na insta @ola",
  "Je bent een vieze hoer",
  "Cześć! Mam 31 lat, mieszkam w Warszawie, kod 00-950. Lubię góry i dobrą kawę.",
  "Det är slut med regnet nu, vi ses kl 19:00?",
  `${"Ik vind je profiel echt leuk en ik wil je graag beter leren kennen. ".repeat(28)}`.slice(0, 2000),
  `${"Ich mag lange Spaziergänge am Strand, gute Bücher und Kaffee am Morgen. ".repeat(28)}`.slice(0, 2000),
];
const forms = corpus.map((body, n) => {
  const form = new FormData();
  form.set("intent", "text");
  form.set("clientKey", `bench-client-key-${n}-0123456789`);
  form.set("body", body);
  return form;
});
const schema = messageSchema(2000);

function time(withCheck: boolean): number[] {
  const samples: number[] = [];
  for (let n = 0; n < runs; n++) {
    const form = forms[n % forms.length]!;
    const start = performance.now();
    const submission = parseWithZod(form, { schema });
    if (withCheck && submission.status === "success" && submission.value.intent === "text") checkMessage(submission.value.body);
    samples.push(performance.now() - start);
  }
  return samples;
}

// Warm up both paths (the JIT), then measure them in turn.
time(true);
time(false);
const without = time(false);
const withCheck = time(true);
const mean = (samples: number[]) => samples.reduce((sum, x) => sum + x, 0) / samples.length;
const µs = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
console.log(`chat send CPU per message (${runs} sends, ${corpus.length} messages up to 2,000 characters):`);
console.log(`  without the check: mean ${µs(mean(without))}, p99 ${µs(quantile(sorted(without), 0.99))}`);
console.log(`  with the check:    mean ${µs(mean(withCheck))}, p99 ${µs(quantile(sorted(withCheck), 0.99))}`);
console.log(`  the check adds:    mean ${µs(mean(withCheck) - mean(without))} (the Worker's limit is 10 ms of CPU per request)`);
