#!/bin/sh
# Copies the user guide's screenshots (docs/images/) from what the browser tests wrote to
# test-output/browser/, so the guide shows the real app and nothing is drawn by hand. Run the
# browser tests named below first, then this script, and commit docs/images/:
#
#   pnpm exec vitest run --project browser e2e/browser/screens.browser.ts e2e/browser/budget.browser.ts \
#     e2e/browser/grocy.browser.ts e2e/browser/receipt-review.browser.ts
#   sh scripts/docs-screenshots.sh
#
# Each image is one phone screen (390 × 844, the size the tests use) cut from the full-page
# screenshot at the given top edge, re-encoded as a palette PNG with sharp (the API's own
# dependency), so the folder stays well under 3 MB.
set -eu
cd "$(dirname "$0")/.."
. scripts/runtime.sh

# docs/images/<name>.png  <-  test-output/browser/<source>.png   (written by)                  top
LIST='
home             screen-home-phone-light             e2e/browser/screens.browser.ts          0
scan             screen-scan-phone-light             e2e/browser/screens.browser.ts          0
members          screen-settings-members-phone-light e2e/browser/screens.browser.ts          0
receipt-review   receipt-review-sheet-phone-light    e2e/browser/receipt-review.browser.ts   0
budget           budget-phone-light                  e2e/browser/budget.browser.ts           0
grocy            grocy-preview-phone-light           e2e/browser/grocy.browser.ts            1235
'

missing=0
echo "$LIST" | while read -r name source test top; do
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
  const [name, source, , top] = line.split(/\s+/);
  const input = sharp(`../../test-output/browser/${source}.png`);
  const { width, height } = await input.metadata();
  const cut = { left: 0, top: Math.min(Number(top), Math.max(0, height - 844)), width, height: Math.min(844, height) };
  const info = await input
    .extract(cut)
    .resize({ width: 390, withoutEnlargement: true })
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toFile(`../../docs/images/${name}.png`);
  total += info.size;
  console.log(`docs/images/${name}.png  ${info.width}x${info.height}  ${Math.round(info.size / 1024)} KB  (from ${source}.png)`);
}
console.log(`total ${Math.round(total / 1024)} KB`);
if (total > 3 * 1024 * 1024) { console.error("docs-screenshots: the images are over 3 MB"); process.exit(1); }
')
