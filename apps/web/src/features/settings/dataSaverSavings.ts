/**
 * What data saver spares, worked out from the rates our media are stored at. The video rungs mirror the
 * server's ladder (apps/server/src/platform/media/hls.ts `LADDER`: video cap plus audio of a rung), the audio
 * copies its `audioArgs` (apps/server/src/platform/media/ffmpeg.ts); change them together.
 */
export const SAVER_VIDEO_HEIGHT = 144;
const SAVER_VIDEO_BPS = 150_000 + 64_000;
/** 720p: what a player without data saver settles on over a fair phone connection. */
const USUAL_VIDEO_BPS = 2_000_000 + 96_000;
const SAVER_AUDIO_BPS = 32_000;
const USUAL_AUDIO_BPS = 96_000;

/** The length the settings page gives its example for. */
export const EXAMPLE_MINUTES = 10;

const megabytes = (bitsPerSecond: number, minutes: number) => (bitsPerSecond * minutes * 60) / 8 / 1_000_000;

export interface Savings {
  /** The share of video data saved, 0–1. */
  videoShare: number;
  videoSmall: number;
  videoFull: number;
  audioSmall: number;
  audioFull: number;
}

/** Megabytes used over `minutes` with data saver and without it. */
export function dataSaverSavings(minutes = EXAMPLE_MINUTES): Savings {
  return {
    videoShare: 1 - SAVER_VIDEO_BPS / USUAL_VIDEO_BPS,
    videoSmall: megabytes(SAVER_VIDEO_BPS, minutes),
    videoFull: megabytes(USUAL_VIDEO_BPS, minutes),
    audioSmall: megabytes(SAVER_AUDIO_BPS, minutes),
    audioFull: megabytes(USUAL_AUDIO_BPS, minutes),
  };
}
