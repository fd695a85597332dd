import { describe, expect, it } from 'vitest';
import { CameraConsensus, CONSENSUS_WINDOW_MS } from './camera-consensus';

describe('CameraConsensus', () => {
  it('accepts a code seen twice within the window, separators ignored', () => {
    const consensus = new CameraConsensus();
    expect(consensus.see('4006381333931', 0)).toBeNull();
    expect(consensus.see(' 4006381-333931 ', 400)).toBe('4006381333931');
  });

  it('starts over when the second read comes too late', () => {
    const consensus = new CameraConsensus();
    consensus.see('4006381333931', 0);
    expect(consensus.see('4006381333931', CONSENSUS_WINDOW_MS + 1)).toBeNull();
    expect(consensus.see('4006381333931', CONSENSUS_WINDOW_MS + 500)).toBe('4006381333931');
  });

  it('starts over when a different code is read in between', () => {
    const consensus = new CameraConsensus();
    consensus.see('4006381333931', 0);
    expect(consensus.see('4006381333932', 100)).toBeNull();
    expect(consensus.see('4006381333931', 200)).toBeNull();
    expect(consensus.see('4006381333931', 300)).toBe('4006381333931');
  });

  it('needs a fresh pair after an acceptance', () => {
    const consensus = new CameraConsensus();
    consensus.see('96385074', 0);
    expect(consensus.see('96385074', 100)).toBe('96385074');
    expect(consensus.see('96385074', 200)).toBeNull();
    expect(consensus.see('96385074', 300)).toBe('96385074');
  });

  it('ignores empty reads', () => {
    expect(new CameraConsensus().see('  - ', 0)).toBeNull();
  });
});
