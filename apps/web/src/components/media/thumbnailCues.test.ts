import { describe, expect, it } from 'vitest';
import { cueAt, cueSeconds, parseThumbnails } from './thumbnailCues';

// As the server writes them (apps/server/src/platform/media/hls.ts, thumbnailsVtt): 2 s cells, 160×90, ten a row.
const VTT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:02.000',
  'thumbnails.jpg#xywh=0,0,160,90',
  '',
  '00:00:02.000 --> 00:00:04.000',
  'thumbnails.jpg#xywh=160,0,160,90',
  '',
  '00:00:20.000 --> 00:00:21.500',
  'thumbnails.jpg#xywh=0,90,160,90',
  '',
].join('\n');
const here = (path: string) => new URL(path, location.href).href;

describe('WebVTT timestamps', () => {
  it('reads hours, minutes, seconds and milliseconds, with or without the hours', () => {
    expect(cueSeconds('00:00:02.000')).toBe(2);
    expect(cueSeconds('01:02:03.250')).toBe(3723.25);
    expect(cueSeconds('02:03.500')).toBe(123.5);
    expect(cueSeconds(' 00:00:00.001 ')).toBe(0.001);
  });
  it('refuses what is not one', () => {
    for (const stamp of ['', '2', '00:00:02', '00:60:00.000', '00:00:02,000', 'aa:bb:cc.ddd']) {
      expect(cueSeconds(stamp), stamp).toBeNaN();
    }
  });
});

describe('the thumbnails file', () => {
  it('reads each cue: its times and its part of the strip, the strip beside the file', () => {
    expect(parseThumbnails(VTT, '/uploads/video/2026/05/abc/thumbnails.vtt')).toEqual([
      {
        start: 0,
        end: 2,
        image: here('/uploads/video/2026/05/abc/thumbnails.jpg'),
        x: 0,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 2,
        end: 4,
        image: here('/uploads/video/2026/05/abc/thumbnails.jpg'),
        x: 160,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 20,
        end: 21.5,
        image: here('/uploads/video/2026/05/abc/thumbnails.jpg'),
        x: 0,
        y: 90,
        width: 160,
        height: 90,
      },
    ]);
  });

  it("keeps the file's signature off a strip named beside it, and a strip's own signature on it", () => {
    const signedVtt = '/api/media/locked/video/abc/thumbnails.vtt?expires=99&signature=vtt-sig';
    expect(parseThumbnails(VTT, signedVtt)[0]!.image).toBe(here('/api/media/locked/video/abc/thumbnails.jpg'));
    // A members-only file as the server sends it: every strip by its own signed address.
    const signed = VTT.replaceAll(
      'thumbnails.jpg#',
      '/api/media/locked/video/abc/thumbnails.jpg?expires=99&signature=jpg-sig#',
    );
    expect(parseThumbnails(signed, signedVtt)[1]).toMatchObject({
      image: here('/api/media/locked/video/abc/thumbnails.jpg?expires=99&signature=jpg-sig'),
      x: 160,
    });
    // Another host's strip stays there.
    const cdn = VTT.replaceAll('thumbnails.jpg#', 'https://cdn.example/t/strip.jpg#');
    expect(parseThumbnails(cdn, 'https://inkwell.example/v/thumbnails.vtt')[0]!.image).toBe(
      'https://cdn.example/t/strip.jpg',
    );
  });

  it('takes CRLF lines, cue settings, ids and `pixel:`; skips cues without a part or with no length', () => {
    const vtt = [
      'WEBVTT',
      '',
      'one',
      '00:00.000 --> 00:02.000 align:start',
      'strip.jpg#xywh=pixel:10,20,80,45',
      '',
      '00:00:02.000 --> 00:00:04.000',
      'strip.jpg',
      '',
      '00:00:04.000 --> 00:00:04.000',
      'strip.jpg#xywh=0,0,80,45',
      '',
      '00:00:06.000 --> 00:00:08.000',
      'strip.jpg#xywh=50%,0,80,45',
    ].join('\r\n');
    expect(parseThumbnails(vtt, 'https://inkwell.example/v/t.vtt')).toEqual([
      { start: 0, end: 2, image: 'https://inkwell.example/v/strip.jpg', x: 10, y: 20, width: 80, height: 45 },
    ]);
  });
});

describe('the cue at a time', () => {
  const cues = parseThumbnails(VTT, '/v/thumbnails.vtt');
  it('is the one whose span holds it, from its start up to (not at) its end', () => {
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 1.99)?.x).toBe(0);
    expect(cueAt(cues, 2)?.x).toBe(160);
    expect(cueAt(cues, 20.7)?.y).toBe(90);
  });
  it('is the last one at and past the end, and none in a gap or without cues', () => {
    expect(cueAt(cues, 21.5)?.y).toBe(90);
    expect(cueAt(cues, 99)?.y).toBe(90);
    expect(cueAt(cues, 10)).toBeNull();
    expect(cueAt([], 1)).toBeNull();
  });
});
