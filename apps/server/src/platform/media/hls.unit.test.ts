import { describe, expect, it } from 'vitest';
import { bandwidthOf, ladderFor, masterPlaylist, playlistSeconds, thumbnailLayout, thumbnailsVtt } from './hls';

const heights = (short: number, ceiling: number) => ladderFor(short, ceiling).map((r) => r.height);

describe('the ladder', () => {
  it('goes up to the source and the plan, never above either, with the source’s own size between rungs', () => {
    expect(heights(720, 720)).toEqual([144, 360, 720]);
    expect(heights(1080, 720)).toEqual([144, 360, 720]);
    expect(heights(1080, 1080)).toEqual([144, 360, 720, 1080]);
    expect(heights(2160, 1080)).toEqual([144, 360, 720, 1080]);
    expect(heights(240, 1080)).toEqual([144, 240]);
    expect(heights(480, 720)).toEqual([144, 360, 480]);
    expect(heights(900, 1080)).toEqual([144, 360, 720, 900]);
    // Too close to the rung below to be worth its bytes.
    expect(heights(400, 720)).toEqual([144, 360]);
    expect(heights(160, 720)).toEqual([144]);
    // Always one, never upscaled.
    expect(heights(96, 720)).toEqual([96]);
    expect(heights(97, 720)).toEqual([96]);
  });
});

describe('playlists', () => {
  const media = [
    '#EXTM3U',
    '#EXT-X-MAP:URI="144p.mp4",BYTERANGE="900@0"',
    '#EXTINF:4.000000,',
    '#EXT-X-BYTERANGE:100000@900',
    '144p.mp4',
    '#EXTINF:4.000000,',
    '#EXT-X-BYTERANGE:50000@100900',
    '144p.mp4',
    '#EXTINF:0.500000,',
    '#EXT-X-BYTERANGE:40000@150900',
    '144p.mp4',
    '#EXT-X-ENDLIST',
  ].join('\n');

  it('bandwidth: the peak of full segments (a short last one says little), and the average', () => {
    expect(bandwidthOf(media)).toEqual({ peak: 200_000, average: Math.ceil((190_000 * 8) / 8.5) });
    expect(playlistSeconds(media)).toBe(8.5);
  });

  it('the master starts players at the tallest rendition up to 360p, then lists the rest from the lowest', () => {
    const v = (name: string, width: number, height: number, bandwidth: number) => ({
      name,
      bandwidth,
      averageBandwidth: bandwidth,
      width,
      height,
      frameRate: 30,
      codecs: 'avc1.4d401f,mp4a.40.2',
    });
    const text = masterPlaylist([
      v('720p', 1280, 720, 2_000_000),
      v('144p', 256, 144, 200_000),
      v('360p', 640, 360, 700_000),
    ]);
    expect(text.split('\n').filter((l) => l.endsWith('.m3u8'))).toEqual(['360p.m3u8', '144p.m3u8', '720p.m3u8']);
    expect(text).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=200000,AVERAGE-BANDWIDTH=200000,RESOLUTION=256x144,CODECS="avc1.4d401f,mp4a.40.2",FRAME-RATE=30.000',
    );
  });
});

describe('thumbnails', () => {
  it('at most 100, 160 px on the long side, in rows of 10; cues cover the whole length', () => {
    expect(thumbnailLayout(1280, 720, 60)).toEqual({ interval: 2, columns: 10, rows: 3, width: 160, height: 90 });
    expect(thumbnailLayout(720, 1280, 3600)).toEqual({ interval: 36, columns: 10, rows: 10, width: 90, height: 160 });
    const layout = thumbnailLayout(1280, 720, 5);
    const vtt = thumbnailsVtt(layout, 5, 'strip.jpg');
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.000',
        'strip.jpg#xywh=0,0,160,90',
        '',
        '00:00:02.000 --> 00:00:04.000',
        'strip.jpg#xywh=160,0,160,90',
        '',
        '00:00:04.000 --> 00:00:05.000',
        'strip.jpg#xywh=320,0,160,90',
        '',
      ].join('\n'),
    );
  });
});
