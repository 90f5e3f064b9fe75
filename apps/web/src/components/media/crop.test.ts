import { describe, expect, it } from 'vitest';
import { cropAspect, cropPlan } from './crop';

describe('crop maths', () => {
  it('knows each kind’s shape: squares and profiles 1:1, covers 2:1, photos their own', () => {
    expect([cropAspect('squares'), cropAspect('profiles'), cropAspect('covers'), cropAspect('photos')]).toEqual([
      1,
      1,
      2,
      null,
    ]);
  });

  it('draws the chosen square of a 4:3 picture at its own size when smaller than the kept size', () => {
    expect(cropPlan({ x: 150, y: 0, width: 900, height: 900 }, { width: 1200, height: 900 }, 'squares')).toEqual({
      sx: 150,
      sy: 0,
      sw: 900,
      sh: 900,
      width: 900,
      height: 900,
    });
  });

  it('shrinks a large area to the size the server keeps, in the kind’s exact shape', () => {
    expect(cropPlan({ x: 0, y: 500, width: 4000, height: 2000 }, { width: 4000, height: 3000 }, 'covers')).toEqual({
      sx: 0,
      sy: 500,
      sw: 4000,
      sh: 2000,
      width: 1600,
      height: 800,
    });
    const avatar = cropPlan({ x: 10, y: 10, width: 2000, height: 2000 }, { width: 3000, height: 3000 }, 'profiles');
    expect([avatar.width, avatar.height]).toEqual([512, 512]);
  });

  it('keeps the area inside the picture when the cropper’s rounding reaches past an edge', () => {
    const plan = cropPlan({ x: -0.4, y: 100.6, width: 801.2, height: 400.7 }, { width: 800, height: 500 }, 'covers');
    expect(plan).toEqual({ sx: 0, sy: 101, sw: 800, sh: 399, width: 800, height: 400 });
  });
});
