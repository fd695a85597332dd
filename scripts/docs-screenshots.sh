#!/bin/sh
# Copies the user guide's screenshots (docs/images/) from what the browser tests wrote to
# test-output/browser/, so the guide shows the real app and nothing is drawn by hand. Run the
# browser tests named below first, then this script, and commit docs/images/:
#
#   pnpm exec vitest run --project browser e2e/browser/screens.browser.ts e2e/browser/budget.browser.ts \
#     e2e/browser/grocy.browser.ts e2e/browser/receipt-review.browser.ts e2e/browser/station.browser.ts \
#     e2e/browser/notifications.browser.ts e2e/browser/privacy.browser.ts
#   sh scripts/docs-screenshots.sh
#
# Each image is cut from the full-page screenshot: by default one phone screen (390 × 844, the size
# the tests use) from the given top edge, or the region x,y,w,h; then scaled to the given width at
# most and re-encoded as a palette PNG with sharp (the API's own dependency), so the folder stays
# well under 3 MB.
set -eu
cd "$(dirname "$0")/.."
. scripts/runtime.sh

# docs/images/<name>.png <- test-output/browser/<source>.png (written by)                     cut (top | x,y,w,h)  width
LIST='
home             screen-home-phone-light             e2e/browser/screens.browser.ts          0                 390
scan             screen-scan-phone-light             e2e/browser/screens.browser.ts          0                 390
members          screen-settings-members-phone-light e2e/browser/screens.browser.ts          0                 390
station          station-phone-light                 e2e/browser/station.browser.ts          0                 390
mode-codes       station-mode-codes-desktop-light    e2e/browser/station.browser.ts          240,128,1024,520  720
receipt-review   receipt-review-sheet-phone-light    e2e/browser/receipt-review.browser.ts   0                 390
budget           budget-phone-light                  e2e/browser/budget.browser.ts           0                 390
grocy            grocy-preview-phone-light           e2e/browser/grocy.browser.ts            1235              390
notifications    notifications-off-phone-light       e2e/browser/notifications.browser.ts    0                 390
privacy          privacy-phone-light                 e2e/browser/privacy.browser.ts          0                 390
'

missing=0
echo "$LIST" | while read -r name source test cut width; do
  [ -n "$name" ] || continue
  if [ ! -f "test-output/browser/$source.png" ]; then
    echo "docs-screenshots: test-output/browser/$source.png is missing; run $test first" >&2
    exit 1
  fi
done || missing=1
[ "$missing" -eq 0 ] || exit 1

mkdir -p docs/images
echo "$LIST" | (cd apps/api && node --input-type=module -e '
import { readFileSync } from "node:fs";
import sharp from "sharp";
const lines = readFileSync(0, "utf8").split("\n").map((l) => l.trim()).filter(Boolean);
let total = 0;
for (const line of lines) {
  const [name, source, , cut, width] = line.split(/\s+/);
  const input = sharp(`../../test-output/browser/${source}.png`);
  const size = await input.metadata();
  const [x, y, w, h] = cut.includes(",") ? cut.split(",").map(Number) : [0, Math.min(Number(cut), Math.max(0, size.height - 844)), size.width, Math.min(844, size.height)];
  const info = await input
    .extract({ left: x, top: y, width: w, height: h })
    .resize({ width: Number(width), withoutEnlargement: true })
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toFile(`../../docs/images/${name}.png`);
  total += info.size;
  console.log(`docs/images/${name}.png  ${info.width}x${info.height}  ${Math.round(info.size / 1024)} KB  (from ${source}.png)`);
}
console.log(`total ${Math.round(total / 1024)} KB`);
if (total > 3 * 1024 * 1024) { console.error("docs-screenshots: the images are over 3 MB"); process.exit(1); }
')
