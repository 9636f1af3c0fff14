// Electron's powerMonitor feeds the engine's clock-change entry point, the same one the
// engine's own ClockWatch uses: on resume the receiver is checked, the webhook registered
// again if its target moved, and the sleep recorded as a downtime gap. The watch still
// catches a resume that powerMonitor missed (or a clock set by hand).
import { powerMonitor } from 'electron';
import type { Engine } from '../core/index.ts';

export function watchPower(engine: Engine, now: () => number = Date.now): () => void {
  let suspendedAt: number | null = null;
  const onSuspend = () => {
    suspendedAt = now();
  };
  const onResume = () => {
    const toMs = now();
    const fromMs = suspendedAt ?? toMs;
    suspendedAt = null;
    engine
      .clockChanged({ kind: 'wake', fromMs, toMs })
      .catch((err: unknown) => console.error('after resume:', err));
  };
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
  return () => {
    powerMonitor.off('suspend', onSuspend);
    powerMonitor.off('resume', onResume);
  };
}
