/**
 * Pay months in the browser (issue 12): calendar months in PAYROLL_TIME_ZONE, from October 2022 and
 * at most PAYROLL_MONTHS_BACK before this one; their bounds as the API's startTime / endTime.
 */
import { DateTime } from 'luxon';
import { formattingLocale } from '../lib/time';
import { PAYROLL_FIRST_MONTH, PAYROLL_MONTHS_BACK, PAYROLL_TIME_ZONE } from '../../../contracts/payroll';

const start = (month: string) => DateTime.fromFormat(month, 'yyyy-MM', { zone: PAYROLL_TIME_ZONE });

export const currentPayMonth = (now = new Date()) => DateTime.fromJSDate(now, { zone: PAYROLL_TIME_ZONE }).toFormat('yyyy-MM');

/** This month and the ones before it a speaker or an admin may pick, newest first. */
export function payMonthChoices(now = new Date()): string[] {
  const first = DateTime.fromJSDate(now, { zone: PAYROLL_TIME_ZONE }).startOf('month');
  const out: string[] = [];
  for (let i = 0; i <= PAYROLL_MONTHS_BACK; i++) {
    const month = first.minus({ months: i }).toFormat('yyyy-MM');
    if (month < PAYROLL_FIRST_MONTH) break;
    out.push(month);
  }
  return out;
}

/** startTime and endTime (exclusive) of `months` months ending with `month`. */
export function monthRange(month: string, months = 1): { startTime: string; endTime: string } {
  const end = start(month).plus({ months: 1 });
  return { startTime: end.minus({ months }).toUTC().toISO()!, endTime: end.toUTC().toISO()! };
}

/** 'November 2026'. */
export const monthLabel = (month: string) => start(month).setLocale(formattingLocale()).toLocaleString({ month: 'long', year: 'numeric' });
/** 'Nov'. */
export const shortMonthLabel = (month: string) => start(month).setLocale(formattingLocale()).toFormat('LLL');

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
