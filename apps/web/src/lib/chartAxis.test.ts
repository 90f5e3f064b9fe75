import { describe, expect, it } from 'vitest';
import { countAxis, suggestedMax, yAxisTicks } from './chartAxis';

describe('a count chart’s y-axis', () => {
  it('ends ten above the highest value (spec §9)', () => {
    expect(suggestedMax([3, 12, 7])).toBe(22);
    expect(suggestedMax([0])).toBe(10);
    expect(suggestedMax([])).toBe(10);
  });

  it('counts in round steps from 0 to at least the suggested maximum', () => {
    expect(yAxisTicks([9])).toEqual([0, 5, 10, 15, 20]);
    expect(yAxisTicks([3])).toEqual([0, 5, 10, 15]);
    expect(yAxisTicks([0])).toEqual([0, 5, 10]);
    expect(yAxisTicks([13])).toEqual([0, 10, 20, 30]);
    expect(yAxisTicks([140])).toEqual([0, 50, 100, 150]);
    expect(yAxisTicks([990])).toEqual([0, 250, 500, 750, 1000]);
  });

  it('hands the chart those ticks, all shown, and a domain that ends on the last', () => {
    // A top of 23 (highest 13) used to read 0, 6, 12, 18, 23.
    expect(countAxis([13])).toEqual({ domain: [0, 30], ticks: [0, 10, 20, 30], interval: 0, allowDecimals: false });
  });
});
