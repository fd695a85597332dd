import { CODE128B } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import { useMemo } from 'react';

/** Modules of quiet zone on each side: scanners need light space around the bars. */
const QUIET = 10;

/**
 * A Code 128 label drawn as SVG rectangles, with the text under it. Laser and camera scanners read
 * it, and it prints sharply at any size; `jsbarcode` only encodes it.
 */
export function Code128({ value, label, className }: { value: string; label: string; className?: string }) {
  const bars = useMemo(() => {
    const pattern = new CODE128B(value, {}).encode().data;
    const runs: { x: number; width: number }[] = [];
    for (let index = 0; index < pattern.length; index += 1) {
      if (pattern[index] !== '1') continue;
      const last = runs.at(-1);
      if (last && last.x + last.width === index + QUIET) last.width += 1;
      else runs.push({ x: index + QUIET, width: 1 });
    }
    return { runs, width: pattern.length + 2 * QUIET };
  }, [value]);
  return (
    <svg className={className} viewBox={`0 0 ${bars.width} 60`} role="img" aria-label={label} preserveAspectRatio="none" data-code={value}>
      <rect width={bars.width} height={60} fill="#fff" />
      {bars.runs.map((run) => (
        <rect key={run.x} x={run.x} y={0} width={run.width} height={60} fill="#000" />
      ))}
    </svg>
  );
}
