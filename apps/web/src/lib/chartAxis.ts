/** Spec §9: a chart's y-axis starts at 0 and is suggested to end 10 above the highest value. */
export const suggestedMax = (values: number[]): number => Math.max(0, ...values) + 10;

/**
 * The y-axis ticks: from 0 to at least {@link suggestedMax}, in round steps (as a chart library's
 * `suggestedMax` does): highest 9 → 0, 5, … 20; highest 140 → 0, 50, … 150. Without them the chart picks its
 * own, which for a top of 23 reads 0, 6, 12, 18, 23.
 */
export function yAxisTicks(values: number[]): number[] {
  const top = suggestedMax(values);
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const steps = (magnitude < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10]).map((s) => s * magnitude);
  const step = steps.find((s) => s >= rough) ?? steps.at(-1)!;
  const max = Math.ceil(top / step) * step;
  return Array.from({ length: max / step + 1 }, (_, i) => i * step);
}

/** The y-axis settings of a count chart (Mantine's LineChart `yAxisProps`): round ticks, every one labelled. */
export const countAxis = (values: number[]) => {
  const ticks = yAxisTicks(values);
  return { domain: [0, ticks.at(-1)!], ticks, interval: 0, allowDecimals: false } as const;
};
