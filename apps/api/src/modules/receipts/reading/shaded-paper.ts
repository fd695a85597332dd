/**
 * Paper in a shadow (a fold, a crease, the photographer's hand): darker than the lit paper, at
 * its far side as dark as the surface it lies on, but reached from the lit paper by small steps,
 * and holding print. The paper's edge is a sharp step down; the surface beside it holds none.
 */

/**
 * The most a block of paper in a shadow is darker than its lit neighbour (block maxima); the
 * paper's edge against the table is a step to a third or less.
 */
export const SHADE_STEP = 0.9;
/**
 * No block is paper, however gradually the light falls off, that is darker than this share of
 * the way from the surround's mean brightness up to the threshold between surround and paper.
 */
const SHADE_FLOOR = 0.2;
/**
 * The least ink per block, as a share of the region's, in the blocks the region grew into: a
 * shadowed strip of the sheet holds its print (a column of prices: a fifth or more of the
 * region's); grey cardboard beside a scanned receipt next to none (half a percent).
 */
const GROWN_PRINT_SHARE = 0.05;

/** The darkest a block of paper in a shadow may be: SHADE_FLOOR of the way from the surround's mean (`darkMean`) up to the threshold between surround and paper. */
export function shadeFloor(darkMean: number, threshold: number): number {
  return darkMean + SHADE_FLOOR * (threshold - darkMean);
}

/**
 * The region grown into the blocks beside it that are darker by no more than light falls off
 * from one block to the next (SHADE_STEP): a shadow darkens the paper gradually, down to the
 * surround's brightness at the far side, while the paper's edge is a sharp step down to the
 * table. Without this, the shadowed strip along one side is cut off along a straight line, as if
 * it were the paper's edge.
 */
export function grown(members: Uint8Array, blocks: Uint8Array, bw: number, bh: number, floor: number, step = SHADE_STEP): Uint8Array {
  const out = members.slice();
  const queue: number[] = [];
  for (let i = 0; i < out.length; i += 1) if (out[i]) queue.push(i);
  while (queue.length > 0) {
    const at = queue.pop()!;
    const x = at % bw;
    const y = (at / bw) | 0;
    for (const next of [x > 0 ? at - 1 : -1, x < bw - 1 ? at + 1 : -1, y > 0 ? at - bw : -1, y < bh - 1 ? at + bw : -1]) {
      if (next < 0 || out[next] || blocks[next] < floor || blocks[next] < step * blocks[at]) continue;
      out[next] = 1;
      queue.push(next);
    }
  }
  return out;
}

/** Whether the blocks `grown` adds to `members` hold print: some share of the region's ink per block (see GROWN_PRINT_SHARE). */
export function holdsPrint(ink: Float64Array, members: Uint8Array, grown: Uint8Array): boolean {
  let inside = 0;
  let insideBlocks = 0;
  let added = 0;
  let addedBlocks = 0;
  for (let i = 0; i < members.length; i += 1) {
    if (members[i]) {
      inside += ink[i];
      insideBlocks += 1;
    } else if (grown[i]) {
      added += ink[i];
      addedBlocks += 1;
    }
  }
  if (addedBlocks === 0) return true;
  return inside > 0 && added / addedBlocks >= GROWN_PRINT_SHARE * (inside / insideBlocks);
}

