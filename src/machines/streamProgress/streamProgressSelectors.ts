import type { SnapshotFrom } from 'xstate';
import type { streamProgressMachine } from './streamProgressMachine.ts';

type Snapshot = SnapshotFrom<typeof streamProgressMachine>;

/** Where a stream stands: what a parent machine reads from its stream progress child. */
export type StreamPhase = 'waiting' | 'counting' | 'finished' | 'failed' | 'cancelled';

export function selectStreamPhase(s: Snapshot): StreamPhase {
  if (s.matches({ streaming: 'waiting' })) return 'waiting';
  if (s.matches({ streaming: 'counting' })) return 'counting';
  return s.value as Exclude<StreamPhase, 'waiting' | 'counting'>;
}
