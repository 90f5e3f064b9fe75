/**
 * Waits for `work` at most `ms`. A stop must end: past the deadline the step is logged by `label` and left behind
 * (its sockets die with the process, or with the database's force-drop in tests) rather than hold the shutdown
 * forever, as a query on a connection whose peer went silent would.
 */
export async function atMost(
  work: Promise<unknown>,
  ms: number,
  onLate: (label: string, ms: number) => void,
  label: string,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    const settled = await Promise.race([work.then(() => 'done' as const), late]);
    if (settled === 'late') onLate(label, ms);
  } finally {
    clearTimeout(timer);
  }
}
