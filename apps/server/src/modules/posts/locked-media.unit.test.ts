import { describe, expect, it } from 'vitest';
import { signManifest } from './locked-media';

const sign = (key: string) => `/signed/${key}`;

describe('a locked playlist as its member gets it', () => {
  it('names every file beside it by its signed address, the init section and fragments too', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="144p.mp4",BYTERANGE="900@0"',
      '#EXTINF:4.000000,',
      '#EXT-X-BYTERANGE:100@900',
      '144p.mp4',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(signManifest(playlist, 'video/2026/05/abc/144p.m3u8', sign)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-MAP:URI="/signed/video/2026/05/abc/144p.mp4",BYTERANGE="900@0"',
        '#EXTINF:4.000000,',
        '#EXT-X-BYTERANGE:100@900',
        '/signed/video/2026/05/abc/144p.mp4',
        '#EXT-X-ENDLIST',
      ].join('\n'),
    );
  });

  it('signs thumbnails’ strip keeping the part of it each cue shows; leaves timings and foreign names alone', () => {
    const vtt = ['WEBVTT', '', '00:00:00.000 --> 00:00:02.000', 'thumbnails.jpg#xywh=0,0,160,90', ''].join('\n');
    expect(signManifest(vtt, 'video/2026/05/abc/thumbnails.vtt', sign)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.000',
        '/signed/video/2026/05/abc/thumbnails.jpg#xywh=0,0,160,90',
        '',
      ].join('\n'),
    );
    for (const foreign of ['https://elsewhere.example/x.mp4', '../other/1.mp4', '/abs/1.mp4'])
      expect(signManifest(foreign, 'video/2026/05/abc/master.m3u8', sign)).toBe(foreign);
  });
});
