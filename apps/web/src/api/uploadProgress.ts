/*
 * How far an upload has come and what a screen can do with it (speed, time left, pause, resume, cancel), apart
 * from how it travels (upload.ts).
 */

/** Speed is measured over this much of the latest sending: long enough to be steady, short enough to follow a change. */
const RATE_WINDOW_MS = 5000;

/** How far one upload has come. */
export interface Transfer {
  sent: number;
  total: number;
  /** Over the last few seconds; null until there is a second's worth to judge by. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** Whether it can be paused and picked up again (tus), or only cancelled (one multipart request). */
  resumable: boolean;
}

/** Sending, paused by the person, or waiting for the connection to come back. */
export type TransferPhase = 'uploading' | 'paused' | 'offline';

export interface UploadOptions {
  onProgress?: (percent: number, transfer: Transfer) => void;
  onPhase?: (phase: TransferPhase) => void;
  /** An earlier try of the same file (before a reload, say) is picked up at `percent`. */
  onResumeFrom?: (percent: number) => void;
  /** Stops it and keeps what the server has, so choosing the same file again goes on from there. */
  signal?: AbortSignal;
  control?: UploadControl;
}

/**
 * The Pause, Resume and Cancel buttons of a screen, for the upload it is handed to. Cancel, unlike an aborted
 * signal, also drops what the server holds: the person does not want it back.
 */
export class UploadControl {
  private actions: Partial<Record<'pause' | 'resume' | 'cancel', () => void>> = {};
  pause(): void {
    this.actions.pause?.();
  }
  resume(): void {
    this.actions.resume?.();
  }
  cancel(): void {
    this.actions.cancel?.();
  }
  /** Called by the upload it is handed to. */
  bind(actions: Partial<Record<'pause' | 'resume' | 'cancel', () => void>>): void {
    this.actions = actions;
  }
}

/** Bytes per second over the last `windowMs`, or null before a second has been seen. */
export function rateMeter(windowMs = RATE_WINDOW_MS, now: () => number = () => performance.now()) {
  let samples: { at: number; bytes: number }[] = [];
  return {
    /** After a pause or a wait the gap says nothing about the link's speed. */
    reset(): void {
      samples = [];
    },
    add(bytes: number): number | null {
      const at = now();
      // A retry sends again what the server did not keep: the count starts over, not the speed going negative.
      if (samples.length && bytes < samples[samples.length - 1]!.bytes) samples = [];
      samples.push({ at, bytes });
      while (samples.length > 2 && at - samples[1]!.at >= windowMs) samples.shift();
      const first = samples[0]!;
      const span = at - first.at;
      return span >= 1000 ? ((bytes - first.bytes) * 1000) / span : null;
    },
  };
}

export const percentOf = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;

export function transfer(sent: number, total: number, bytesPerSecond: number | null, resumable: boolean): Transfer {
  const secondsLeft = bytesPerSecond && bytesPerSecond > 0 ? Math.max(0, total - sent) / bytesPerSecond : null;
  return { sent, total, bytesPerSecond, secondsLeft, resumable };
}
