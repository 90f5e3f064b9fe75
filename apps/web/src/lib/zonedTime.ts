/*
 * Wall-clock times in a named time zone (an account's), as `<input type="datetime-local">` reads and writes them
 * (`YYYY-MM-DDTHH:mm`), to and from instants. A creator in Yangon schedules for 8 in the morning in Yangon,
 * whatever zone the phone in their hand is set to.
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at `instant` (ms), as if it were UTC: its offset is the difference. */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `instant` as the zone's wall clock, `YYYY-MM-DDTHH:mm` (what a datetime-local input shows). */
export function toZonedInput(instant: Date | number, timeZone: string): string {
  const wall = new Date(wallClock(typeof instant === 'number' ? instant : instant.getTime(), timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a wall-clock time in the zone stands for; null for text that is no such time. A time skipped by a
 * daylight-saving change is moved on by the gap, as clocks do.
 */
export function fromZonedInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // The offset at a first guess, then at the instant it gives (right across a change of offset).
  const first = asUtc - (wallClock(asUtc, timeZone) - asUtc);
  const instant = asUtc - (wallClock(first, timeZone) - first);
  return Number.isNaN(instant) ? null : new Date(instant);
}
