import { z } from 'zod';

/** The zone a creator account counts its insights' days in until its owner picks another. */
export const DEFAULT_TIME_ZONE = 'Asia/Yangon';

/**
 * IANA zones that some ICU builds (Node 20's, older browsers') still list under an old name, with the name
 * IANA uses now: Burmese creators look for Asia/Yangon, not Asia/Rangoon. Both names stay valid.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

let supported: ReadonlySet<string> | undefined;
let offered: readonly string[] | undefined;

/** `Intl.supportedValuesOf('timeZone')`, once. */
function supportedZones(): ReadonlySet<string> {
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  return supported;
}

/**
 * The zones a person may choose, sorted: every zone `Intl.supportedValuesOf('timeZone')` lists, under its
 * current IANA name, and UTC.
 */
export function timeZoneNames(): readonly string[] {
  offered ??= [...new Set([...supportedZones()].map((zone) => RENAMED[zone] ?? zone).concat('UTC'))].sort();
  return offered;
}

/** A zone this runtime lists (`Intl.supportedValuesOf`), under its current or its old IANA name, or UTC. */
export function isTimeZone(value: string): boolean {
  return supportedZones().has(value) || timeZoneNames().includes(value);
}

/** An account's time zone as a request field (an IANA name such as `Asia/Yangon`). */
export const TimeZone = z.string().trim().max(64).refine(isTimeZone, { error: 'validation.time_zone' });

// ---------------------------------------------------------------------------------------------------------
// Calendar days and months in a zone, as `YYYY-MM-DD` and `YYYY-MM` (the Gregorian calendar, Latin digits).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The calendar day `instant` falls on in `zone`: 23:30 UTC is already the next day in Asia/Yangon. */
export function dayInZone(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${String(parts.year).padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/** The month `instant` falls in, in `zone`. */
export const monthInZone = (instant: Date, zone: string): string => dayInZone(instant, zone).slice(0, 7);

/** `YYYY-MM` of a month, 1970 onwards. */
export const MONTH_PATTERN = /^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/;

/** A month as a query field. */
export const Month = z.string().regex(MONTH_PATTERN, { error: 'validation.month' });

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + count;
  return `${pad(Math.floor(total / 12), 4)}-${pad((total % 12) + 1)}`;
}

/** Every day of `month`, first to last. */
export function daysOfMonth(month: string): string[] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${month}-${pad(i + 1)}`);
}
