// Draws the installed app's icons (client/public/pwa-*.png) from the site's logo mark
// (client/public/favicon.svg) with the machine's Chromium: nothing is downloaded. Run again after
// changing the logo: `node scripts/pwa/icons.mjs`.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const publicDir = path.join(root, "client/public");
const logo = await readFile(path.join(publicDir, "favicon.svg"), "utf8");

/** The logo filling the square, or (maskable) inside the safe circle on the brand colour. */
function page(size, maskable) {
  const inner = maskable ? Math.round(size * 0.7) : size;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;
place-items:center;background:${maskable ? "#4f46e5" : "transparent"}">
<div style="width:${inner}px;height:${inner}px">${logo.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div>
</body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  for (const [name, size, maskable] of [
    ["pwa-192.png", 192, false],
    ["pwa-512.png", 512, false],
    ["pwa-maskable-512.png", 512, true],
  ]) {
    const tab = await browser.newPage({ viewport: { width: size, height: size } });
    await tab.setContent(page(size, maskable));
    await writeFile(
      path.join(publicDir, name),
      await tab.screenshot({ omitBackground: !maskable }),
    );
    await tab.close();
  }
} finally {
  await browser.close();
}
