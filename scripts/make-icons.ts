// Draws the app's PNG icons (docs/contract.md §3.10: 192 and 512 px, and a maskable one) from the favicon's mark,
// with sharp. Run once, when the mark changes: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../src/client/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

/** The mark of src/client/index.html's favicon on a 32-unit square; `inset` shrinks it into the maskable safe zone. */
const mark = (rounded: boolean, inset: number) => {
  const scale = 1 - 2 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="#1f4fd1"/>
  <g transform="translate(${32 * inset} ${32 * inset}) scale(${scale})">
    <path d="M9 10h14v3.2h-5.3V23h-3.4v-9.8H9z" fill="#fff"/>
    <circle cx="23" cy="22" r="3" fill="#f5a524"/>
  </g>
</svg>`;
};

for (const [name, size, rounded, inset] of [
  ['icon-192.png', 192, true, 0],
  ['icon-512.png', 512, true, 0],
  // Maskable: full bleed, the mark inside the central 80 % circle every mask keeps.
  ['icon-maskable-512.png', 512, false, 0.12],
  ['apple-touch-icon.png', 180, false, 0.08],
] as const) {
  await sharp(Buffer.from(mark(rounded, inset)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}${name}`);
  console.log(`${out}${name}`);
}
