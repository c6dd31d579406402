import { chromium } from "playwright";
const [, , base, width, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
for (const path of paths) {
  await page.goto(base + path);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const name = path.replace(/[^a-z0-9]+/gi, "_");
  await page.screenshot({ path: `/tmp/landers-shot-${width}${name}.png`, fullPage: true });
  console.log(path, "overflow", overflow);
}
await browser.close();
