import type { Page } from "@playwright/test";

/**
 * A JPEG the browser draws on a canvas (two colour bands), as a phone camera would hand it over:
 * real image bytes for the upload pipeline, made without fixtures. (The script is a string: these
 * tests are type-checked without the DOM's types.)
 */
export async function drawnJpeg(page: Page, size: { width: number; height: number }): Promise<Buffer> {
  const { width, height } = size;
  const base64 = await page.evaluate<string>(`(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext("2d");
    context.fillStyle = "#d22";
    context.fillRect(0, 0, ${width}, ${height / 2});
    context.fillStyle = "#22d";
    context.fillRect(0, ${height / 2}, ${width}, ${height / 2});
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  })()`);
  return Buffer.from(base64, "base64");
}
