/**
 * Pay months in the browser (issue 12): calendar months in PAYROLL_TIME_ZONE, from October 2022 and
 * at most PAYROLL_MONTHS_BACK before this one; their bounds as the API's startTime / endTime.
 */
import { addMonths, startOfDayIn, todayIn } from '../../../contracts/calendarDate';
import { PAYROLL_FIRST_MONTH, PAYROLL_MONTHS_BACK, PAYROLL_TIME_ZONE } from '../../../contracts/payroll';
import { formatMonth } from '../lib/time';

/** The instant a month's first day begins in PAYROLL_TIME_ZONE, as ISO. */
const start = (firstDay: string) => startOfDayIn(firstDay, PAYROLL_TIME_ZONE).toISOString();

export const currentPayMonth = (now = new Date()) => todayIn(PAYROLL_TIME_ZONE, now).slice(0, 7);

/** This month and the ones before it a speaker or an admin may pick, newest first. */
export function payMonthChoices(now = new Date()): string[] {
  const first = `${currentPayMonth(now)}-01`;
  const out: string[] = [];
  for (let i = 0; i <= PAYROLL_MONTHS_BACK; i++) {
    const month = addMonths(first, -i).slice(0, 7);
    if (month < PAYROLL_FIRST_MONTH) break;
    out.push(month);
  }
  return out;
}

/** startTime and endTime (exclusive) of `months` months ending with `month`. */
export function monthRange(month: string, months = 1): { startTime: string; endTime: string } {
  const end = addMonths(`${month}-01`, 1);
  return { startTime: start(addMonths(end, -months)), endTime: start(end) };
}

/** 'November 2026'. */
export const monthLabel = (month: string) => formatMonth(month);
/** 'Nov'. */
export const shortMonthLabel = (month: string) => formatMonth(month, 'short');

/** Cents as dollars with two decimals: 1125 → '$11.25', -300 → '−$3.00'. */
export function dollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '−' : ''}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** A chart bar's label: whole dollars without cents ('$12'), any other amount exact ('$4.50'). */
export function barDollars(cents: number): string {
  const exact = dollars(cents);
  return cents % 100 === 0 ? exact.slice(0, -3) : exact;
}

/** The CSV download's address (downloadCsv sends the Bearer token; the session cookie also works). */
export const payrollCsvUrl = (month: string, kind: 'summary' | 'itemized', all = false) =>
  `/api/payroll/csv?month=${encodeURIComponent(month)}&kind=${kind}${all ? '&all=true' : ''}`;
