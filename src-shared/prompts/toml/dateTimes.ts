// Whether a TOML date, time or date-time names a moment that exists, as
// Python's `tomllib` (which upstream reads `.prompts` files with) judges
// it: smol-toml builds dates with JavaScript `Date`, which rolls Feb 30
// over to March 2 instead of refusing it. Also where a time leaves out its
// seconds, which only TOML 1.1 allows.

import { toml11Only } from './toml10Problems';

/**
 * A date-time literal at the start of a value: a date with an optional
 * time (after `T`, `t` or a space) and offset, or a local time. Groups:
 * year, month, day, hour, minute, seconds (with `:`), offset hour, offset
 * minute; then hour, minute, seconds of a local time.
 */
const dateTimeLiteral = /(?:(\d{4})-(\d\d)-(\d\d)(?:[Tt ](\d\d):(\d\d)(:\d\d)?(?:\.\d+)?(?:[Zz]|[+-](\d\d):(\d\d))?)?|(\d\d):(\d\d)(:\d\d)?(?:\.\d+)?)/y;

/** What is wrong with a date-time literal, and where (an offset in the text). */
export interface DateTimeProblem {
  readonly at: number;
  readonly message: string;
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const UPPER_T = 84;
const LOWER_T = 116;
const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;
const isDigitAt = (s: string, i: number): boolean => digit(s, i) >= 0 && digit(s, i) <= 9;

/** Whether a time follows the date at `pos`: `T`, `t` or a space after its ten characters, then an hour and a colon. */
function timeFollowsDate(s: string, pos: number): boolean {
  const t = s.charCodeAt(pos + 10);
  return (t === UPPER_T || t === LOWER_T || t === SPACE) && s.charCodeAt(pos + 13) === COLON;
}

/**
 * Whether the value at `pos` (which starts with a digit) may be a date-time
 * `dateTimeAt` finds a problem in: false for every integer, float and
 * date-time that is surely fine, told from a few characters. What smol-toml
 * refuses itself (month 13, hour 24, minute 60, second 60) is not looked
 * for; a day past the 28th, the year 0000 and a time without seconds are.
 */
export function dateTimeMayBeWrong(s: string, pos: number): boolean {
  let time = pos;
  if (s.charCodeAt(pos + 4) === DASH && s.charCodeAt(pos + 7) === DASH) {
    const day = digit(s, pos + 8) * 10 + digit(s, pos + 9);
    if (day > 28 || s.startsWith('0000', pos)) return true;
    // Without a time, a date alone.
    if (!timeFollowsDate(s, pos)) return false;
    time = pos + 11;
  }
  return s.charCodeAt(time + 2) === COLON && s.charCodeAt(time + 5) !== COLON;
}

const PLUS = 43;
const DOT = 46;

/**
 * Whether the value at `pos` (which starts with a digit) is a date-time
 * with a numeric offset (`+01:00`, `-00:00`), read as smol-toml reads one:
 * a separator after ten characters, a colon three later, optional seconds
 * and fraction, then the offset. Only such a value's `toISOString` ends
 * in anything but `Z`.
 */
export function hasNumericOffset(s: string, pos: number): boolean {
  if (!timeFollowsDate(s, pos)) return false;
  let i = pos + 16;
  if (s.charCodeAt(i) === COLON) i += 3;
  if (s.charCodeAt(i) === DOT) {
    i++;
    while (isDigitAt(s, i)) i++;
  }
  const c = s.charCodeAt(i);
  return c === PLUS || c === DASH;
}

/**
 * The date-time literal at `pos` of `s` (which smol-toml accepted as a
 * value there), if one starts there: where it ends and its first problem.
 * Undefined when no date-time starts at `pos`.
 */
export function dateTimeAt(s: string, pos: number): { end: number; problem?: DateTimeProblem } | undefined {
  dateTimeLiteral.lastIndex = pos;
  const m = dateTimeLiteral.exec(s);
  if (!m) return undefined;
  const end = dateTimeLiteral.lastIndex;
  return { end, problem: problemOf(m, pos, end) };
}

function problemOf(m: RegExpExecArray, pos: number, end: number): DateTimeProblem | undefined {
  const date = m[1] !== undefined;
  if (date) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    const day = Number(m[3]);
    if (year === 0) return { at: pos, message: "year 0000: Python's tomllib, which upstream reads with, holds no date before 0001-01-01" };
    if (month < 1 || month > 12) return { at: pos + 5, message: `month ${m[2]!} is no month: months run 01 to 12` };
    const days = daysIn(year, month);
    if (day < 1 || day > days) return { at: pos + 8, message: `${m[0].slice(0, 10)} is no date: ${monthNames[month - 1]!} ${m[1]!} has ${days} days` };
  }
  // Each time field with where it sits; an offset `+hh:mm` closes the literal.
  const fields: [string, string | undefined, number][] = date
    ? [['hour', m[4], pos + 11], ['minute', m[5], pos + 14], ['offset hour', m[7], end - 5], ['offset minute', m[8], end - 2]]
    : [['hour', m[9], pos], ['minute', m[10], pos + 3]];
  for (const [name, text, at] of fields) {
    const max = name.endsWith('hour') ? 23 : 59;
    if (text !== undefined && Number(text) > max) return { at, message: `${name} ${text} is out of range: it runs 00 to ${max}` };
  }
  const hasTime = date ? m[4] !== undefined : true;
  const seconds = date ? m[6] : m[11];
  if (hasTime && seconds === undefined) {
    return { at: pos + (date ? 11 : 0), message: toml11Only.timeWithoutSeconds };
  }
  if (seconds !== undefined && Number(seconds.slice(1)) > 59) {
    return { at: pos + (date ? 17 : 6), message: `second ${seconds.slice(1)} is out of range: it runs 00 to 59 (no leap seconds: Python's tomllib refuses them)` };
  }
  return undefined;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
